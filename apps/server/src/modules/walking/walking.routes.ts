import {
  collectPoints,
  exchangePoints,
  getAchievements,
  getHome,
  getStepHistory,
  getStepReceipt,
  listExchanges,
  listMoneyStatement,
  listPointsStatement,
  reportSteps,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { ShopService } from '../shop/shop.service.js';
import type { HomeReadModel } from './home-read-model.js';
import type { WalkingRewards } from './rewards.js';
import type { WalkingStatements } from './statements.js';
import { answerReport, type StepReports } from './step-reports.js';
import type { WalkingHistory } from './walking.history.js';

export function registerWalkingRoutes(
  endpoints: EndpointRegistrar,
  deps: {
    stepReports: StepReports;
    walkingRewards: WalkingRewards;
    walkingStatements: WalkingStatements;
    homeReadModel: HomeReadModel;
    walkingHistory: WalkingHistory;
    shop: ShopService;
  },
): void {
  const { stepReports, walkingRewards, walkingStatements, homeReadModel, walkingHistory, shop } = deps;

  // A refused report is a value; here it becomes the error envelope the endpoint has always answered.
  endpoints.handle(reportSteps, async ({ user, body }) => answerReport(await stepReports.reportSteps(user.id, body)));

  endpoints.handle(getHome, ({ user, language }) => homeReadModel.getHome(user.id, language));

  endpoints.handle(collectPoints, ({ user, body }) => walkingRewards.collectPoints(user.id, body.idempotencyKey));

  endpoints.handle(exchangePoints, ({ user, body }) => walkingRewards.exchange(user.id, body));

  endpoints.handle(listExchanges, ({ user, query }) => walkingStatements.listExchanges(user.id, query));

  endpoints.handle(listMoneyStatement, ({ user, query }) => walkingStatements.moneyStatement(user.id, query));

  // One points statement (decision 081 "One points statement"): goods orders link through the shop's records.
  endpoints.handle(listPointsStatement, ({ user, query }) => walkingStatements.pointsStatement(user.id, query, shop));

  endpoints.handle(getStepHistory, ({ user, query }) => walkingHistory.getStepHistory(user.id, query));

  endpoints.handle(getAchievements, ({ user }) => walkingHistory.getAchievements(user.id));

  endpoints.handle(getStepReceipt, ({ user, params, language }) =>
    walkingHistory.getStepReceipt(user.id, params.day, language),
  );
}
