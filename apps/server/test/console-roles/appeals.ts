import { consoleAppealImage, consoleAppeals, consoleDecideAppeal } from '@stride/contract';
import { appeal, heldDay, appealedDay } from '../appeals.js';
import { testJpeg, uploadFile } from '../harness.js';
import type { RoleCase } from './case.js';

/** Appeals (appeals module): reviewers list them, look at a picture sent with one, and decide. */
export const APPEALS_CASES: readonly RoleCase[] = [
  { endpoint: consoleAppeals, input: async (t) => (await appealedDay(t), { query: {} }) },
  {
    endpoint: consoleDecideAppeal,
    input: async (t) => ({
      params: { id: (await appealedDay(t)).appealId },
      body: { decision: 'grant', reason: 'reviewMistake', version: 1 },
    }),
  },
  {
    endpoint: consoleAppealImage,
    input: async (t) => {
      const { user, day } = await heldDay(t);
      const picture = await uploadFile(t, user.token, await testJpeg());
      const answer = await appeal(t, user, { subject: day, fileId: picture.data.fileId });
      return { params: { id: answer.data.id } };
    },
  },
];
