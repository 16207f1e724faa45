import { PolicyView } from '../../features/policies';
import type { PageProps } from '../page-props';

/**
 * The privacy policy page: readable without logging in; `?version=N` shows an earlier version (decision 046 "Policies
 * and consent").
 */
export default function PrivacyPage({ query }: PageProps) {
  const version = Number(query.version);
  return <PolicyView kind="privacy" version={Number.isInteger(version) && version > 0 ? version : undefined} />;
}
