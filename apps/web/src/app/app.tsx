import type { Navigator } from '../lib/navigation';
import { PageHost } from './page-host';
import { Providers } from './providers';

export function App({ navigator }: { readonly navigator: Navigator }) {
  return (
    <Providers>
      <PageHost navigator={navigator} />
    </Providers>
  );
}
