import { consoleUploadImage } from '@stride/contract';
import { multipartBody, testJpeg } from '../harness.js';
import type { RoleCase } from './case.js';

/** Catalogue images, for merchants (goods) and editors (banners, notices). */
export const FILES_CASES: readonly RoleCase[] = [
  {
    endpoint: consoleUploadImage,
    input: async () => {
      const { payload, contentType } = multipartBody({}, { bytes: await testJpeg() });
      return { body: payload, headers: { 'content-type': contentType } };
    },
  },
];
