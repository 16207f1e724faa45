import {
  acceptFriend,
  blockUser,
  cancelFriendRequest,
  declineFriend,
  type FriendBoardPeriod,
  type FriendPerson,
  type FriendSettings,
  getFriendBoard,
  getFriends,
  likeFriend,
  removeFriend,
  requestFriend,
  saveFriendSettings,
  unblockUser,
} from '@stride/contract';
import { useCallback, useEffect, useState } from 'react';
import { FormError } from '../../components/form-error';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import {
  AddFriend,
  FriendBoard,
  FriendList,
  FriendRequests,
  ReportSheet,
  reportTargetsOf,
  SharingSettings,
  type FriendLookup,
  type ReportTarget,
} from '../../features/friends';
import { usePageActive, useRemote, useSubmit } from '../../hooks';
import { call } from '../../lib/http';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { copyWithToast } from '../feedback';
import type { PageProps } from '../page-props';
import '../../features/friends/friends.css';

/** How often the board is read again while it is shown: friends' steps arrive on their phones. */
const BOARD_REFRESH_MS = 60_000;

const loadFriends = (signal: AbortSignal) => call(getFriends, {}, { hideErrors: true, signal });
const copy = (code: string) => void copyWithToast(code);

async function sure(text: string, action: string): Promise<boolean> {
  const { confirmDanger } = await import('../dialogs');
  return confirmDanger(text, action);
}

/**
 * Friends (docs/product/friends.md): the board of today's or this week's steps with likes, requests, adding by code,
 * number, link or invite, friends, blocks and what others may see. Opened from someone's link or QR code (`?code=`),
 * their code is filled in. Every change is a write, so both reads follow it.
 */
export default function FriendsPage({ query }: PageProps) {
  const { t } = useI18n();
  const isActive = usePageActive();
  const friends = useRemote(loadFriends, { refreshOnShow: true });
  const [period, setPeriod] = useState<FriendBoardPeriod>('today');
  const loadBoard = useCallback(
    (signal: AbortSignal) => call(getFriendBoard, { query: { period } }, { hideErrors: true, signal }),
    [period],
  );
  const board = useRemote(loadBoard, { refreshOnShow: true });
  const adding = useSubmit();
  const saving = useSubmit();
  const acting = useSubmit();
  const [liking, setLiking] = useState<string | undefined>(undefined);
  const [reporting, setReporting] = useState<readonly ReportTarget[] | null>(null);
  const report = (person: FriendPerson) => setReporting(reportTargetsOf(person));

  const { refresh } = board;
  useEffect(() => {
    if (!isActive) return undefined;
    const timer = setInterval(refresh, BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isActive, refresh]);

  if (friends.state.status === 'loading') return <StatusTip status="loading" />;
  if (friends.state.status === 'error') {
    return <StatusTip status="error" message={friends.state.message} onRetry={friends.retry} />;
  }
  const data = friends.state.data;

  const add = (lookup: FriendLookup | { by: 'inviter' }) =>
    adding.run(async () => {
      const answer = await call(requestFriend, { body: lookup });
      void showToast(
        t(answer.status === 'friends' ? 'friends.nowFriends' : 'friends.requestSent', { name: answer.person.name }),
      );
    });

  const save = (settings: FriendSettings) =>
    void saving.run(async () => {
      const saved = await call(saveFriendSettings, { body: settings });
      friends.update((current) => ({ ...current, settings: saved }));
    });

  /** One change of a person: asked first where it ends something (`ask`: the question and its button). */
  const act =
    (endpoint: typeof acceptFriend, done: MessageKey, ask?: readonly [MessageKey, MessageKey]) =>
    (person: FriendPerson) =>
      void acting.run(async () => {
        if (ask && !(await sure(t(ask[0], { name: person.name }), t(ask[1])))) return;
        await call(endpoint, { params: { id: person.id } });
        void showToast(t(done, { name: person.name }));
      });
  const block = act(blockUser, 'friends.blockedDone', ['friends.blockAsk', 'friends.block']);

  const like = (entry: FriendPerson) => {
    setLiking(entry.id);
    void acting
      .run(async () => {
        const answer = await call(likeFriend, { params: { id: entry.id } });
        board.update((current) => ({
          ...current,
          entries: current.entries.map((each) => (each.id === entry.id ? { ...each, ...answer } : each)),
        }));
      })
      .finally(() => setLiking(undefined));
  };

  const boardData = board.state.status === 'ready' ? board.state.data : undefined;
  return (
    <PullToRefresh>
      {data.settings.shareSteps ? (
        <>
          <FriendBoard
            period={period}
            onPeriod={setPeriod}
            entries={boardData?.sharing ? boardData.entries : null}
            onLike={like}
            liking={liking}
            onReport={report}
          />
          {board.state.status === 'error' ? (
            <StatusTip status="error" message={board.state.message} onRetry={board.retry} />
          ) : null}
        </>
      ) : (
        <section className="card friends__intro" aria-labelledby="friends-intro-title">
          <h2 id="friends-intro-title" className="friends__heading">
            {t('friends.introTitle')}
          </h2>
          <p>{t('friends.intro')}</p>
          <button
            type="button"
            className="button button--block"
            disabled={saving.isBusy}
            onClick={() => save({ ...data.settings, shareSteps: true })}
          >
            {t('friends.startSharing')}
          </button>
        </section>
      )}
      <FormError message={acting.error} />
      <FriendRequests
        incoming={data.incoming}
        outgoing={data.outgoing}
        onAccept={act(acceptFriend, 'friends.acceptedDone')}
        onDecline={act(declineFriend, 'friends.declinedDone')}
        onBlock={block}
        onCancel={act(cancelFriendRequest, 'friends.withdrawnDone')}
      />
      <AddFriend
        code={data.code}
        link={data.link}
        qrImage={data.qrImage}
        initialCode={query.code}
        inviter={data.inviter}
        onCopy={copy}
        onAdd={add}
        onAddInviter={() => void add({ by: 'inviter' })}
        isBusy={adding.isBusy}
        error={adding.error}
      />
      <FriendList
        friends={data.friends}
        blocked={data.blocked}
        onRemove={act(removeFriend, 'friends.removedDone', ['friends.removeAsk', 'friends.remove'])}
        onBlock={block}
        onUnblock={act(unblockUser, 'friends.unblockedDone')}
        onReport={report}
      />
      <ReportSheet targets={reporting} onClose={() => setReporting(null)} />
      <SharingSettings settings={data.settings} onChange={save} isBusy={saving.isBusy} error={saving.error} />
    </PullToRefresh>
  );
}
