// First: before any chunk creates the contract's schemas.
import './lib/jitless-validation';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchConnectivity } from './app/connectivity';
import { forgetKeptHomeAtLogout } from './app/kept-home';
import { setUpNavigation } from './app/navigation';
import { registerServiceWorker } from './app/service-worker';
import { runUnreadCount } from './app/unread-count';
import { wireRequestUi } from './app/wire-request-ui';
import { applyRem } from './lib/layout/rem';
import { http } from './lib/http';
import { getDeviceId } from './lib/storage';
import { loadStartLanguage } from './lib/i18n';
import './app/app.css';

applyRem();
getDeviceId();
wireRequestUi(http);
runUnreadCount();
forgetKeptHomeAtLogout();
const navigator = setUpNavigation();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The chosen language is a chunk of its own (decision 051 "One language per download"), asked for by start.ts before
// this entry runs (decision 052 "A first route without waterfalls"): render once its texts are here.
void loadStartLanguage()
  .catch(() => undefined)
  .then(() => {
    const root = createRoot(container);
    // The first render as a transition (decision 089 "The web app ships React 19"): React renders it in slices of a few
    // milliseconds, yielding to the browser between them, instead of in one long task that holds
    // the main thread while the phone is busiest; the shell of index.html stays until it commits.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App navigator={navigator} />
        </StrictMode>,
      );
    });
    void navigator.start();
    // The step counter (decision 032 "One step counter for the whole app, live tab pages") is not needed to paint: its
    // code loads after the first render.
    void import('./app/step-counter').then(({ runStepCounter }) => runStepCounter());
  });
// Installable and offline (decision 045 "An installable app that opens offline"): the worker's registration loads after
// the first paint.
watchConnectivity();
registerServiceWorker();
