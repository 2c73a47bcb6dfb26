// Opens the "Keyboard shortcuts" dialog (the ? key, the link beside the ladder's hint). Its code
// loads on the first call: most visits never open it, and the first load has a budget.
export function showShortcuts(): void {
  void import('./ShortcutsDialog').then((m) => m.showShortcutsDialog());
}
