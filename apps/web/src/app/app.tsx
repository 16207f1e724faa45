import type { Navigator } from '../lib/navigation';
import { AppBanners } from './app-banners';
import { PageHost } from './page-host';
import { Providers } from './providers';

export function App({ navigator }: { readonly navigator: Navigator }) {
  return (
    <Providers>
      <PageHost navigator={navigator} />
      <AppBanners />
    </Providers>
  );
}
