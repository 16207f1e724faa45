import { PushSettings } from '../../features/push';

/** docs/product/client.md, Pages: push notifications and the daily goal reminder, opened from my assets. */
export default function PushSettingsPage() {
  return <PushSettings />;
}
