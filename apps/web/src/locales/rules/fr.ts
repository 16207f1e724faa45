import type { RulesMessages } from './en';

/** The "Rules and changes" page's texts in French (docs/product/earning-rules.md). */
export const rules: RulesMessages = {
  'rules.from': 'À partir du {day}',
  'rules.today': 'En vigueur aujourd’hui',
  'rules.since': 'Depuis le {day}',
  'rules.past': 'Versions précédentes',
  'rules.worse': 'Moins favorable pour vous',
  'rules.first': 'Les premières règles publiées.',
  'rules.none': 'Aucune règle n’a encore été publiée.',
  'rules.notice':
    'Un changement moins favorable pour vous est annoncé au moins {days} jours à l’avance et ne s’applique jamais aux jours déjà marchés.',
  'rules.change': '{rule} : {from} → {to}',
  'rules.line.points':
    '1 point tous les {steps} pas, au plus {points} points par jour (avant le multiplicateur de votre carte).',
  'rules.line.exchange': '{points} points = {cash}, au moins {min} points par échange.',
  'rules.line.invite':
    'Récompense de parrainage : {points} points chacun, quand la personne invitée marche {steps} pas dans une journée.',
  'rules.line.withdraw':
    'Frais de retrait {percent}, au moins {fee} ; le plus petit retrait est de {min}, et au plus {max} par jour.',
  'rules.points': '{points} points',
  'rules.steps': '{steps} pas',
  'rules.percent': '{percent} %',
  'rules.name.stepsPerPoint': 'Pas pour 1 point',
  'rules.name.pointsDailyMax': 'Points maximum par jour',
  'rules.name.exchangePointsPerUnit': 'Points par échange',
  'rules.name.exchangeCashPerUnit': 'Montant par échange',
  'rules.name.exchangeMinPoints': 'Minimum de points à échanger',
  'rules.name.inviteRewardPoints': 'Récompense de parrainage',
  'rules.name.inviteQualifyingSteps': 'Pas quotidiens de l’invité',
  'rules.name.withdrawFeePermille': 'Frais de retrait',
  'rules.name.withdrawFeeMin': 'Frais de retrait minimum',
  'rules.name.withdrawMin': 'Retrait minimum',
  'rules.name.withdrawDailyMax': 'Retrait maximum par jour',
};
