import { PolicyView } from '../../features/policies';
import type { PageProps } from '../page-props';

/**
 * The terms of service page: readable without logging in; `?version=N` shows an earlier version (decision 046 "Policies
 * and consent").
 */
export default function TermsPage({ query }: PageProps) {
  const version = Number(query.version);
  return <PolicyView kind="terms" version={Number.isInteger(version) && version > 0 ? version : undefined} />;
}
