/** docs/product/client.md, Payment: the payment status is polled every 5 s. */
export const PAYMENT_POLL_INTERVAL_MS = 5_000;
/** docs/product/client.md, Payment: polling gives up after 15 minutes. */
export const PAYMENT_POLL_LIMIT_MS = 15 * 60_000;

/** What the server says about a payment (the contract's getPayment status). */
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired';

/**
 * Where a payment flow stands. `confirming`: the iOS question is open; `declined`: the user said no
 * (nothing opened); `timedOut`: 15 minutes without a final answer; `stopped`: the caller stopped it.
 */
export type PaymentState = 'confirming' | 'declined' | PaymentStatus | 'timedOut' | 'stopped';

export type PaymentEnd = Exclude<PaymentState, 'confirming' | 'pending'>;

export interface NavigatorLike {
  readonly userAgent: string;
  readonly platform?: string;
  readonly maxTouchPoints?: number;
}

/** iPhone, iPod and iPad, including iPadOS 13+, which reports itself as a touch-capable Mac. */
export function detectIos(nav: NavigatorLike): boolean {
  if (/iPad|iPhone|iPod/.test(nav.userAgent)) return true;
  return nav.platform === 'MacIntel' && (nav.maxTouchPoints ?? 0) > 1;
}

export interface StartPaymentOptions {
  readonly payUrl: string;
  /** One status request; a rejection (network) is ignored and polling goes on. */
  readonly poll: () => Promise<PaymentStatus>;
  /** iOS only: asks "Jump to payment page?"; true opens the page. */
  readonly confirmJump: () => Promise<boolean>;
  readonly onStatus?: (state: PaymentState) => void;
  /** Defaults to detecting the current browser. */
  readonly isIos?: boolean;
  readonly window?: Pick<Window, 'open'>;
}

export interface PaymentSession {
  /** Ends polling (leaving the page); a no-op once ended. */
  stop(): void;
  /** Settles once with how the flow ended. */
  readonly done: Promise<PaymentEnd>;
}

/**
 * Opens the pay URL in a new tab and polls until a final state, `stop()` or 15 minutes.
 * Off iOS the tab opens synchronously inside this call, so call it from the click handler:
 * browsers only allow window.open during a user gesture.
 */
export function startPayment(options: StartPaymentOptions): PaymentSession {
  const win = options.window ?? window;
  const isIos = options.isIos ?? detectIos(window.navigator);
  let ended = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let limitTimer: ReturnType<typeof setTimeout> | undefined;
  let resolveDone: (end: PaymentEnd) => void = () => undefined;
  const done = new Promise<PaymentEnd>((resolve) => {
    resolveDone = resolve;
  });

  const report = (state: PaymentState) => options.onStatus?.(state);

  function end(state: PaymentEnd): void {
    if (ended) return;
    ended = true;
    clearTimeout(pollTimer);
    clearTimeout(limitTimer);
    report(state);
    resolveDone(state);
  }

  function schedule(): void {
    pollTimer = setTimeout(() => {
      options.poll().then(
        (status) => {
          if (ended) return;
          if (status !== 'pending') {
            end(status);
            return;
          }
          report(status);
          schedule();
        },
        () => {
          if (!ended) schedule();
        },
      );
    }, PAYMENT_POLL_INTERVAL_MS);
  }

  function open(): void {
    // noopener: the payment provider's page must not be able to script this tab.
    win.open(options.payUrl, '_blank', 'noopener');
    report('pending');
    limitTimer = setTimeout(() => end('timedOut'), PAYMENT_POLL_LIMIT_MS);
    schedule();
  }

  if (isIos) {
    report('confirming');
    options.confirmJump().then(
      (confirmed) => {
        if (ended) return;
        if (confirmed) open();
        else end('declined');
      },
      () => end('declined'),
    );
  } else {
    open();
  }

  return { stop: () => end('stopped'), done };
}
