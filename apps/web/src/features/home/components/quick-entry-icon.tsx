const PATHS: Record<string, string> = {
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  wallet: 'M3 7h16v12H3zM3 7l12-3v3M15 13h4',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  exchange: 'M4 8h14l-3-3M20 16H6l3 3',
  invite: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5M17 8v6M14 11h6',
  shop: 'M4 8h16l-1 12H5zM9 8V6a3 3 0 0 1 6 0v2',
};

/** The server names an icon (`card`, `wallet`…) or gives an image URL. */
export function QuickEntryIcon({ icon, title }: { readonly icon: string; readonly title: string }) {
  if (/^(https?:|data:image\/|\/)/.test(icon)) {
    return <img className="quick-entry__icon" src={icon} alt="" aria-hidden="true" />;
  }
  const path = PATHS[icon];
  if (!path) {
    return (
      <span className="quick-entry__icon quick-entry__icon--letter" aria-hidden="true">
        {Array.from(title)[0] ?? '·'}
      </span>
    );
  }
  return (
    <svg className="quick-entry__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
