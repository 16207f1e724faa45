import { formatDate } from '../../../lib/format';

/** The day a notice was published, beside its title in a list. */
export function PublishedOn({ at }: { readonly at: string }) {
  return (
    <time className="list__secondary" dateTime={at}>
      {formatDate(at)}
    </time>
  );
}
