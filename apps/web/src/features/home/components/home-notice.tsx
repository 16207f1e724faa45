/** What the last action on the wallet did (points collected, an exchange), said once under it. */
export function HomeNotice({ text }: { readonly text: string | undefined }) {
  return text ? (
    <p className="home-notice" role="status">
      {text}
    </p>
  ) : null;
}
