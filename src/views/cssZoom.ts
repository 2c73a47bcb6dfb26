// An embed draws its views under a CSS zoom (embed/embedZoom.ts): a box's client rectangle is then
// in the screen's pixels, the drawing's own in the zoomed ones. Dividing by this brings the first
// to the second (1 on the page).
export const cssZoom = (el: Element): number =>
  (el as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1;
