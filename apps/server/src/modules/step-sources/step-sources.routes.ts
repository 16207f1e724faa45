import {
  createDeviceToken,
  listDeviceTokens,
  listHealthImports,
  postDeviceSteps,
  revokeDeviceToken,
  uploadHealthImport,
} from '@stride/contract';
import type { StepSourcesSettings } from './step-sources.settings.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { answerReport } from '../walking/step-reports.js';
import type { StepSourcesService } from './step-sources.service.js';
import { spoolUpload } from './upload-spool.js';

export function registerStepSourceRoutes(
  endpoints: EndpointRegistrar,
  deps: { stepSources: StepSourcesService; config: StepSourcesSettings },
): void {
  const { stepSources, config } = deps;

  endpoints.handle(listDeviceTokens, ({ user }) => stepSources.listTokens(user.id));

  endpoints.handle(createDeviceToken, ({ user, body }) => stepSources.createToken(user.id, body.name));

  endpoints.handle(revokeDeviceToken, ({ user, params }) => stepSources.revokeToken(user.id, params.id));

  // A refused report is a value; here it becomes the error envelope the endpoint has always answered.
  endpoints.handle(postDeviceSteps, async ({ user, body }) => answerReport(await stepSources.postSteps(user, body)));

  endpoints.handle(uploadHealthImport, ({ user, request }) =>
    stepSources.importHealth(user.id, (dir, checkFields) =>
      spoolUpload(request, dir, config.imports.maxBytes, checkFields),
    ),
  );

  endpoints.handle(listHealthImports, ({ user }) => stepSources.listImports(user.id));
}
