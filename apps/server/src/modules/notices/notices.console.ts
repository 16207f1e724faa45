import {
  consoleCreateNotice,
  consoleNoticePreview,
  consoleNotices,
  consoleSetNoticePublished,
  consoleUpdateNotice,
  type ConsoleNotice,
} from '@stride/contract';
import { isoTime } from '../../lib/clock.js';
import { contentLanguages } from '../../lib/content-language.js';
import { consoleRoutes } from '../../http/console-handler.js';
import type { NoticesAdmin } from './notices.admin.js';
import type { NoticeRow } from './notices.repository.js';
import { sanitizeNoticeHtml } from './sanitize.js';

const time = (value: number | string | null) => (value === null ? null : isoTime(Number(value)));

function toConsole(row: NoticeRow): ConsoleNotice {
  return {
    id: row.id,
    title: row.title,
    // Cleaned again on the way out, as users are answered.
    body: sanitizeNoticeHtml(row.body),
    ...contentLanguages(row),
    published: row.published_at !== null,
    publishedAt: time(row.published_at),
    createdBy: row.created_by,
    createdAt: isoTime(Number(row.created_at)),
    updatedAt: time(row.updated_at),
    version: Number(row.version),
  };
}

/** Notices in the console (decision 028 "Content in the console"): drafts, edits with stale-edit checks, publishing. */
export const registerNoticeConsoleRoutes = consoleRoutes('notices', (handle, admin: NoticesAdmin) => {
  const name = (operator: { name: string } | null) => operator?.name ?? 'console';

  handle(consoleNotices, async () => (await admin.listForOperators(500)).map(toConsole));

  handle(consoleNoticePreview, ({ body }) => Promise.resolve({ body: admin.preview(body.body) }));

  handle(consoleCreateNotice, async ({ operator, body }) =>
    toConsole(
      await admin.publish(
        name(operator),
        {
          title: body.title,
          body: body.body,
          languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
        },
        { draft: true },
      ),
    ),
  );

  handle(consoleUpdateNotice, async ({ operator, params, body }) =>
    toConsole(
      await admin.edit(name(operator), params.id, body.version, {
        title: body.title,
        body: body.body,
        languages: { defaultLanguage: body.defaultLanguage, translations: body.translations },
      }),
    ),
  );

  handle(consoleSetNoticePublished, async ({ operator, params, body }) =>
    toConsole(await admin.edit(name(operator), params.id, body.version, { published: body.published })),
  );
});
