import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ActionSheet } from '../../components/action-sheet';
import { ImagePicker } from '../../components/image-picker';
import { ImagePreview } from '../../components/image-preview';
import { ModelPendant } from '../../components/model-pendant';
import { NavBar } from '../../components/nav-bar';
import { PaymentSelector, type PaymentMethod } from '../../components/payment-selector';
import { PromptDialog } from '../../components/prompt-dialog';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { SwipeAction } from '../../components/swipe-action';
import { Swiper } from '../../components/swiper';
import { TextInput } from '../../components/text-input';
import { hideLoading, showLoading, showToast } from '../../components/toast';
import { VideoPlayer } from '../../components/video-player';
import { useLongPress, usePaymentPolling, useReachBottom } from '../../hooks';
import { formatCount, formatMoney, formatNumber, formatTime } from '../../lib/format';
import { useI18n, type MessageKey } from '../../lib/i18n';
import type { PaymentStatus } from '../../lib/payment';
import { confirmPaymentJump, copyWithToast } from '../feedback';
import './demo.page.css';

// Everything here is local: pictures are generated SVG, the video and pay page live in public/demo.
const COLORS = ['#3c9cff', '#36b37e', '#ff8b00'] as const;
const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" ${body}</svg>`)}`;
const sampleImage = (color: string, text: string) =>
  svg(
    `width="600" height="400" viewBox="0 0 600 400"><rect width="600" height="400" fill="${color}"/>` +
      `<circle cx="470" cy="290" r="60" fill="#fff" fill-opacity=".35"/>` +
      `<text x="40" y="110" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff">${text}</text>`,
  );
const SAMPLE_IMAGES = COLORS.map((color, index) => sampleImage(color, `Stride ${index + 1}`));
const VIDEO_POSTER = svg(
  `width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="#1677ff"/>` +
    `<circle cx="160" cy="90" r="28" fill="#fff" fill-opacity=".9"/><path d="M152 76v28l22-14z" fill="#1677ff"/>`,
);
/** On wide screens the app is a centred column; the pendant stays inside it. */
const appColumn = () => {
  const rect = document.getElementById('root')?.getBoundingClientRect();
  return { left: rect?.left ?? 0, top: 0, width: rect?.width ?? window.innerWidth, height: window.innerHeight };
};
const VIDEO_SRC = '/demo/sample.webm';
const PAY_URL = '/demo/pay.html';
const PRICE = 9_900;
const INVITE_CODE = 'STRIDE26';
const INVITE_PATTERN = /^[A-Z0-9]{8}$/;
const SAMPLE_TIME = new Date(2026, 0, 15, 8, 30, 5);
const ROWS = Array.from({ length: 20 }, (_, index) => index + 1);
const LOADING_DEMO_MS = 2_000;

const PAY_STATE_KEYS = {
  idle: 'pay.state.idle',
  confirming: 'pay.state.confirming',
  declined: 'pay.state.declined',
  pending: 'pay.state.pending',
  paid: 'pay.state.paid',
  failed: 'pay.state.failed',
  expired: 'pay.state.expired',
  timedOut: 'pay.state.timedOut',
  stopped: 'pay.state.stopped',
} as const satisfies Record<string, MessageKey>;

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="card demo__section" aria-label={title}>
      <h2 className="demo__heading">{title}</h2>
      {children}
    </section>
  );
}

function PaymentDemo() {
  const { t } = useI18n();
  const [method, setMethod] = useState<PaymentMethod>('online');
  const [shortMethod, setShortMethod] = useState<PaymentMethod>('online');
  const payment = usePaymentPolling();
  const polls = useRef(0);

  const pay = () => {
    polls.current = 0;
    // A stand-in for getPayment: pending, pending, then paid.
    const poll = (): Promise<PaymentStatus> => {
      polls.current += 1;
      return Promise.resolve(polls.current >= 3 ? 'paid' : 'pending');
    };
    void payment.start({ payUrl: PAY_URL, poll, confirmJump: confirmPaymentJump });
  };

  return (
    <>
      <PaymentSelector
        label={t('demo.payEnough')}
        value={method}
        onChange={setMethod}
        balance={50_000}
        amount={PRICE}
      />
      <div className="demo__gap">
        <PaymentSelector
          label={t('demo.payShort')}
          value={shortMethod}
          onChange={setShortMethod}
          balance={1_250}
          amount={PRICE}
        />
      </div>
      <button type="button" className="button button--block demo__gap" onClick={pay}>
        {t('pay.submit', { amount: formatMoney(PRICE) })}
      </button>
      <p className="hint demo__gap" role="status">
        {t('demo.payState', { state: t(PAY_STATE_KEYS[payment.state]) })}
      </p>
    </>
  );
}

function ActionSheetDemo() {
  const { t } = useI18n();
  const [isOpen, setOpen] = useState(false);
  const [last, setLast] = useState<string | undefined>(undefined);
  const actions = [
    { key: 'share', text: t('demo.actionShare') },
    { key: 'copy', text: t('demo.actionCopy') },
    { key: 'delete', text: t('demo.actionDelete'), danger: true },
  ];
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        {t('demo.openActionSheet')}
      </button>
      <p className="hint demo__gap">
        {t('demo.lastAction', { action: actions.find((action) => action.key === last)?.text ?? t('demo.none') })}
      </p>
      <ActionSheet visible={isOpen} actions={actions} onAction={setLast} onClose={() => setOpen(false)} />
    </>
  );
}

function SwipeActionDemo() {
  const { t } = useI18n();
  const [rows, setRows] = useState([1, 2, 3]);
  return (
    <>
      <p className="hint">{t('demo.swipeHint')}</p>
      <div className="demo__rows">
        {rows.map((row) => (
          <SwipeAction
            key={row}
            actions={[
              { key: 'pin', text: t('demo.pin'), tone: 'primary' },
              { key: 'delete', text: t('demo.actionDelete') },
            ]}
            onAction={(key) => {
              if (key === 'delete') setRows((current) => current.filter((other) => other !== row));
              else setRows((current) => [row, ...current.filter((other) => other !== row)]);
            }}
          >
            <div className="demo__row">{t('demo.swipeRow', { index: row })}</div>
          </SwipeAction>
        ))}
      </div>
    </>
  );
}

function InputDemo() {
  const { t } = useI18n();
  const [nickname, setNickname] = useState('');
  const [note, setNote] = useState('');
  const [isPromptOpen, setPromptOpen] = useState(false);
  const [code, setCode] = useState<string | undefined>(undefined);
  return (
    <>
      <TextInput label={t('demo.nickname')} value={nickname} onChange={setNickname} maxLength={10} required showCount />
      <TextInput label={t('demo.note')} value={note} onChange={setNote} showCount />
      <h3 className="demo__subheading">{t('demo.prompt')}</h3>
      <button type="button" className="button button--ghost" onClick={() => setPromptOpen(true)}>
        {t('demo.openPrompt')}
      </button>
      {code ? <p className="hint demo__gap">{t('demo.promptResult', { value: code })}</p> : null}
      <PromptDialog
        visible={isPromptOpen}
        title={t('demo.openPrompt')}
        label={t('demo.promptLabel')}
        placeholder={INVITE_CODE}
        maxLength={8}
        required
        pattern={INVITE_PATTERN}
        onCancel={() => setPromptOpen(false)}
        onConfirm={(value) => {
          setCode(value);
          setPromptOpen(false);
        }}
      />
    </>
  );
}

function ImageDemo() {
  const { t } = useI18n();
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<
    { readonly images: readonly (string | Blob)[]; readonly index: number } | undefined
  >(undefined);
  return (
    <>
      <ImagePicker
        label={t('demo.pickerLabel')}
        value={files}
        onChange={setFiles}
        count={3}
        onPreview={(index) => setPreview({ images: files, index })}
      />
      <div className="demo__thumbs">
        {SAMPLE_IMAGES.map((image, index) => (
          <img
            key={image}
            className="demo__thumb"
            src={image}
            alt={t('preview.position', { index: index + 1, total: 3 })}
          />
        ))}
      </div>
      <button
        type="button"
        className="button button--ghost demo__gap"
        onClick={() => setPreview({ images: SAMPLE_IMAGES, index: 0 })}
      >
        {t('demo.openPreview')}
      </button>
      <ImagePreview
        visible={preview !== undefined}
        images={preview?.images ?? []}
        defaultIndex={preview?.index}
        onClose={() => setPreview(undefined)}
      />
    </>
  );
}

function GestureDemo() {
  const { t } = useI18n();
  const [presses, setPresses] = useState(0);
  const [arrivals, setArrivals] = useState(0);
  const [refreshes, setRefreshes] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const longPress = useLongPress(useCallback(() => setPresses((count) => count + 1), []));
  useReachBottom(
    useCallback(() => setArrivals((count) => count + 1), []),
    { target: list },
  );
  const box = useRef<HTMLDivElement>(null);
  const isBoxAtTop = useCallback(() => (box.current?.scrollTop ?? 0) <= 0, []);
  const refresh = useCallback(() => {
    setRefreshes((count) => count + 1);
  }, []);
  return (
    <>
      <button type="button" className="button demo__hold" {...longPress}>
        {t('demo.holdMe')}
      </button>
      <p className="hint demo__gap" role="status">
        {t('demo.longPresses', { count: presses })}
      </p>
      <p className="hint">{t('demo.reachBottom')}</p>
      <div
        ref={list}
        className="demo__scroll"
        role="region"
        aria-label={t('demo.reachBottom')}
        // A scrolling region is reached and scrolled with the keyboard too (axe-core scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {ROWS.map((row) => (
          <div key={row} className="demo__scroll-row">
            {t('demo.row', { index: row })}
          </div>
        ))}
      </div>
      <p className="hint demo__gap" role="status">
        {t('demo.reachBottomCount', { count: arrivals })}
      </p>
      <div ref={box} className="demo__pull">
        <PullToRefresh onRefresh={refresh} isAtTop={isBoxAtTop}>
          <p className="demo__pull-body">{t('demo.pullHint')}</p>
          <p className="hint demo__pull-body" role="status">
            {t('demo.pullCount', { count: refreshes })}
          </p>
        </PullToRefresh>
      </div>
    </>
  );
}

function FormatDemo() {
  const { t, language } = useI18n();
  const rows: readonly [MessageKey, string][] = [
    ['demo.formatNumber', formatNumber(1_234_567.5)],
    ['demo.formatCountZh', formatCount(123_456, 'zh-Hans')],
    ['demo.formatCount', formatCount(123_456, language)],
    ['demo.formatMoney', formatMoney(1_234_567)],
    ['demo.formatTime', formatTime(SAMPLE_TIME)],
  ];
  return (
    <dl className="demo__formats">
      {rows.map(([key, value]) => (
        <div key={key} className="detail-row demo__format">
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FeedbackDemo() {
  const { t } = useI18n();
  return (
    <div className="demo__buttons">
      <button type="button" className="button button--ghost" onClick={() => void showToast(t('demo.toastText'))}>
        {t('demo.showToast')}
      </button>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          void showLoading(t('loading'));
          setTimeout(() => void hideLoading(), LOADING_DEMO_MS);
        }}
      >
        {t('demo.showLoading')}
      </button>
      <button type="button" className="button button--ghost" onClick={() => void copyWithToast(INVITE_CODE)}>
        {t('demo.copy')}
      </button>
    </div>
  );
}

/** Every shared piece in each of its states, for review and for the e2e journeys. */
export default function DemoPage() {
  const { t } = useI18n();
  return (
    <div className="demo">
      <p className="card">{t('demo.intro')}</p>
      <Section title={t('demo.navBar')}>
        <div className="demo__frame">
          <NavBar title={t('demo.navBarSample')} backLabel={t('back')} onBack={() => undefined} />
        </div>
        <div className="demo__frame demo__gap">
          <NavBar title={t('title.home')} backLabel={t('back')} />
        </div>
      </Section>
      <Section title={t('pay.method')}>
        <PaymentDemo />
      </Section>
      <Section title={t('demo.actionSheet')}>
        <ActionSheetDemo />
      </Section>
      <Section title={t('demo.swipeAction')}>
        <SwipeActionDemo />
      </Section>
      <Section title={t('demo.statusTip')}>
        <div className="demo__tips">
          <StatusTip status="loading" />
          <StatusTip status="empty" />
          <StatusTip status="error" message={t('demo.sampleError')} onRetry={() => void showToast(t('retry'))} />
          <StatusTip status="noMore" />
        </div>
      </Section>
      <Section title={t('demo.pendant')}>
        <p className="hint">{t('demo.pendantHint')}</p>
        <ModelPendant
          label={t('demo.pendantLabel')}
          storageKey="demo-pendant"
          getBounds={appColumn}
          onClick={() => void showToast(t('demo.pendantTapped'))}
        >
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <path
              d="M4 13a8 8 0 0 1 16 0v4a2 2 0 0 1-2 2h-2v-6h4M4 13h4v6H6a2 2 0 0 1-2-2z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </ModelPendant>
      </Section>
      <Section title={t('demo.inputs')}>
        <InputDemo />
      </Section>
      <Section title={t('demo.images')}>
        <ImageDemo />
      </Section>
      <Section title={t('demo.swiper')}>
        <Swiper label={t('demo.swiper')}>
          {SAMPLE_IMAGES.map((image, index) => (
            <img key={image} className="demo__slide" src={image} alt={t('demo.slide', { index: index + 1 })} />
          ))}
        </Swiper>
      </Section>
      <Section title={t('demo.video')}>
        <VideoPlayer label={t('demo.videoLabel')} src={VIDEO_SRC} poster={VIDEO_POSTER} />
      </Section>
      <Section title={t('demo.gestures')}>
        <GestureDemo />
      </Section>
      <Section title={t('demo.formats')}>
        <FormatDemo />
      </Section>
      <Section title={t('demo.feedback')}>
        <FeedbackDemo />
      </Section>
    </div>
  );
}
