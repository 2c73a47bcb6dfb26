// Small list operations the HTTP layer runs per request and per connection.

/**
 * Take out the item at `i` (0 <= i < length), keeping the order. The last item (most often the
 * only one) is popped: pop is compiled inline, where splice is a runtime call that also makes an
 * array of what it removed (it showed in the profile of many-connection runs).
 */
export function removeAt<T>(list: T[], i: number): void {
  if (i === list.length - 1) list.pop();
  else list.splice(i, 1);
}
