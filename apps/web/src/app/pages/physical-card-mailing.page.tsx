import { getCardMailingInfo, listCardMailings, listMyCards } from '@stride/contract';
import { call } from '../../lib/http';
import type { Mailing } from '@stride/contract';
import { useCallback, useState } from 'react';
import { RemoteView } from '../../components/remote-view';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import { useAddresses } from '../../features/addresses';
import { useRemote } from '../../hooks';
import { MailingApplyForm, MailingRecords } from '../../features/mailings';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import { useUser } from '../../lib/storage';
import '../../features/mailings/mailings.css';
import { CardSection } from '../../components/card-section';

const loadInfo = (signal: AbortSignal) => call(getCardMailingInfo, {}, { hideErrors: true, signal });
/** The records and the active cards together: a card already applied for is not offered again. */
const loadMine = (signal: AbortSignal) =>
  Promise.all([
    call(listCardMailings, {}, { hideErrors: true, signal }),
    call(listMyCards, {}, { hideErrors: true, signal }),
  ]).then(([mailings, cards]) => ({ mailings, cards: cards.filter((card) => card.status === 'active') }));

function Description() {
  const { t } = useI18n();
  return (
    <section className="card mailing-intro" aria-label={t('title.physicalCardMailing')}>
      <RemoteView load={loadInfo}>
        {(info) => (
          <>
            <p>{info.description}</p>
            <p className="hint">{t(info.isFree ? 'mailing.free' : 'mailing.paid')}</p>
          </>
        )}
      </RemoteView>
    </section>
  );
}

function Apply() {
  const { t } = useI18n();
  const { state, retry } = useRemote(loadMine);
  const addresses = useAddresses();
  const [added, setAdded] = useState<readonly Mailing[]>([]);
  const onApplied = useCallback(
    (mailing: Mailing) => {
      setAdded((previous) => [mailing, ...previous]);
      void showToast(t('mailing.applied'));
    },
    [t],
  );
  if (state.status === 'loading' || addresses.state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  if (addresses.state.status === 'error') {
    return <StatusTip status="error" message={addresses.state.message} onRetry={addresses.retry} />;
  }
  const mailings = [...added, ...state.data.mailings.filter((item) => !added.some((mine) => mine.id === item.id))];
  const cards = state.data.cards
    .filter((card) => !mailings.some((mailing) => mailing.cardId === card.id))
    .map((card) => ({ id: card.id, name: card.plan.name }));
  return (
    <>
      <CardSection titleId="mailing-apply-title" title={t('mailing.apply')} titleClassName="mailing-apply__title">
        <MailingApplyForm
          cards={cards}
          addresses={addresses.state.data}
          onApplied={onApplied}
          onAddAddress={() => go(PATHS.addressEdit)}
        />
      </CardSection>
      <h2 className="section-heading">{t('mailing.records')}</h2>
      {mailings.length === 0 ? (
        <StatusTip status="empty" message={t('mailing.noRecords')} />
      ) : (
        <MailingRecords mailings={mailings} />
      )}
    </>
  );
}

/** Open without login (docs/product/client.md, Pages): explains the service to anyone; card holders apply and follow it. */
export default function PhysicalCardMailingPage() {
  const { t } = useI18n();
  const { isLogged } = useUser();
  return (
    <>
      <Description />
      {isLogged ? (
        <Apply />
      ) : (
        <div style={{ margin: 12 }}>
          <button
            type="button"
            className="button button--block"
            onClick={() => go(PATHS.login, { redirect: PATHS.physicalCardMailing })}
          >
            {t('mailing.login')}
          </button>
        </div>
      )}
    </>
  );
}
