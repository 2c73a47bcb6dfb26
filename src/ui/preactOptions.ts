// The page is written against the React API and ships Preact's compatibility layer in its place
// (vite.config.ts). Two of Preact's defaults differ from React's in ways the page relies on; this
// module, imported by the entry before anything renders, brings them in line, and keeps the
// browser from restoring form controls over the state the link gives.
import { options, type VNode } from 'preact';

/**
 * Form controls opt out of the browser's form restoration (`autocomplete="off"`). Coming Back to
 * the page from another site, the browser put the controls' last states back by their place in
 * the page, after the page had drawn its own from the link: the knobs shown depend on the
 * scenario, so a scenario's Nagle box came back unticked beside "on", and SACK ticked beside
 * "off". The link is the page's state; nothing else should restore it.
 */
const FORM_CONTROLS = new Set(['input', 'select', 'textarea']);

/**
 * `tabIndex` becomes the `tabindex` attribute. Preact sets an SVG element's props as attributes
 * under their own names, and an attribute named `tabIndex` on an SVG element (whose attribute
 * names are case-sensitive) does nothing, so the ladder's packets and a sweep's points could not
 * take focus. On an HTML element the lowercase attribute is the same thing.
 */
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === 'string' && props && 'tabIndex' in props) {
    props.tabindex = props.tabIndex;
    delete props.tabIndex;
  }
  if (typeof vnode.type === 'string' && props && FORM_CONTROLS.has(vnode.type) && !('autoComplete' in props))
    props.autocomplete = 'off';
  previousVnode?.(vnode);
};

/**
 * Effects run as React runs them. Preact's default waits for the next painted frame; here they run
 * in the next task, so an effect that a change starts (a simulation run, the address bar's update)
 * is not a frame late. And, as in React, the effects of one input's render have run before the next
 * input is handled: a keydown listener an effect re-subscribes (k toggles playback with the state
 * of the last render) sees the state the previous key made. The browser runs input events ahead of
 * other tasks, so the queue is emptied at the start of each one too.
 */
const queued: (() => void)[] = [];
function flushEffects(): void {
  for (const callback of queued.splice(0)) callback();
}
if (typeof MessageChannel === 'function' && typeof window !== 'undefined') {
  const channel = new MessageChannel();
  channel.port1.onmessage = flushEffects;
  options.requestAnimationFrame = (callback) => {
    queued.push(callback);
    if (queued.length === 1) channel.port2.postMessage(null);
  };
  const discrete = ['keydown', 'keyup', 'pointerdown', 'pointerup', 'click', 'input', 'change'];
  for (const type of discrete) window.addEventListener(type, flushEffects, { capture: true });
}
