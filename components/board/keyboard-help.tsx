// The board's keyboard shortcuts, under the table (not shown on touch screens, which have no keyboard).

export function KeyboardHelp() {
  return (
    <p className="text-xs text-slate-500 pointer-coarse:hidden">
      Keyboard: <Kbd>/</Kbd> search · <Kbd>↑</Kbd>
      <Kbd>↓</Kbd> or <Kbd>j</Kbd>
      <Kbd>k</Kbd> move between rows · <Kbd>Enter</Kbd> open · <Kbd>x</Kbd> select · <Kbd>Esc</Kbd> close
    </p>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="mx-0.5 rounded border border-slate-300 bg-white px-1 font-mono text-[0.6875rem] text-slate-600">
      {children}
    </kbd>
  );
}
