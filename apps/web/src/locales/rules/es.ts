import type { RulesMessages } from './en';

/** The "Rules and changes" page's texts in Spanish (docs/product/earning-rules.md). */
export const rules: RulesMessages = {
  'rules.from': 'Desde el {day}',
  'rules.today': 'Vigentes hoy',
  'rules.since': 'Desde el {day}',
  'rules.past': 'Versiones anteriores',
  'rules.worse': 'Peor para usted',
  'rules.first': 'Las primeras reglas publicadas.',
  'rules.none': 'Aún no se han publicado reglas.',
  'rules.notice':
    'Un cambio que le perjudica se anuncia con al menos {days} días de antelación y nunca se aplica a los días que ya ha caminado.',
  'rules.change': '{rule}: {from} → {to}',
  'rules.line.points':
    '1 punto cada {steps} pasos, como mucho {points} puntos al día (antes del multiplicador de su tarjeta).',
  'rules.line.exchange': '{points} puntos = {cash}, al menos {min} puntos por canje.',
  'rules.line.invite':
    'Recompensa por invitación: {points} puntos para cada uno cuando la persona invitada camina {steps} pasos en un día.',
  'rules.line.withdraw':
    'Comisión de retiro {percent}, como mínimo {fee}; el retiro más pequeño es de {min} y como mucho {max} al día.',
  'rules.points': '{points} puntos',
  'rules.steps': '{steps} pasos',
  'rules.percent': '{percent} %',
  'rules.name.stepsPerPoint': 'Pasos por 1 punto',
  'rules.name.pointsDailyMax': 'Máximo de puntos al día',
  'rules.name.exchangePointsPerUnit': 'Puntos por canje',
  'rules.name.exchangeCashPerUnit': 'Efectivo por canje',
  'rules.name.exchangeMinPoints': 'Mínimo de puntos para canjear',
  'rules.name.inviteRewardPoints': 'Recompensa por invitación',
  'rules.name.inviteQualifyingSteps': 'Pasos diarios del invitado',
  'rules.name.withdrawFeePermille': 'Comisión de retiro',
  'rules.name.withdrawFeeMin': 'Comisión mínima de retiro',
  'rules.name.withdrawMin': 'Retiro mínimo',
  'rules.name.withdrawDailyMax': 'Máximo retirado al día',
};
