import type { ResponseOf, listCommunityChannels } from '@stride/contract';
import { useI18n } from '../../../lib/i18n';

export type CommunityChannel = ResponseOf<typeof listCommunityChannels>[number];

/** Only web links open; a configured link of another scheme is shown, not followed. */
function isWebLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** Each official channel: name, what it is for, its link and a QR code to scan from another phone. */
export function CommunityChannels({ channels }: { readonly channels: readonly CommunityChannel[] }) {
  const { t } = useI18n();
  return (
    <ul className="community" aria-label={t('title.officialCommunity')}>
      {channels.map((channel) => (
        <li key={channel.id} className="card community__channel" aria-labelledby={`channel-${channel.id}`}>
          <img className="community__qr" src={channel.qrImage} alt={t('community.qr', { name: channel.name })} />
          <div className="community__text">
            <h2 id={`channel-${channel.id}`} className="community__name">
              {channel.name}
            </h2>
            <p className="community__description">{channel.description}</p>
            {isWebLink(channel.url) ? (
              <a
                className="community__link"
                href={channel.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('community.open', { name: channel.name })}
              >
                {t('community.join')}
              </a>
            ) : (
              <span className="community__url">{channel.url}</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
