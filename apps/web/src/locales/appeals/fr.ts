import type { AppealsMessages } from './en';

/** The appeals texts in French (docs/product/appeals.md). */
export const appeals: AppealsMessages = {
  'appeals.action': 'Contester cette décision',
  'appeals.formTitle.day': 'Contester l’examen du {day}',
  'appeals.formTitle.report': 'Contester la décision sur votre signalement',
  'appeals.formTitle.invite-reward': 'Contester la décision sur votre récompense de parrainage',
  'appeals.formHint':
    'Expliquez au modérateur pourquoi la décision est erronée. Chaque décision peut être contestée une fois, et un modérateur répond sous {hours} heures.',
  'appeals.note': 'Ce qui s’est passé',
  'appeals.notePlaceholder': 'Par exemple : je suis allé au travail à pied et retour ; ma montre affiche les pas.',
  'appeals.noteRequired': 'Écrivez ce qui s’est passé',
  'appeals.picture': 'Une photo (facultative), comme l’écran de votre montre',
  'appeals.send': 'Envoyer le recours',
  'appeals.sent': 'Recours envoyé',
  'appeals.mine': 'Mes recours',
  'appeals.none': 'Vous n’avez fait aucun recours.',
  'appeals.kind.day': 'Le jour {day}',
  'appeals.kind.report': 'Votre signalement',
  'appeals.kind.invite-reward': 'Votre récompense de parrainage',
  'appeals.status.open': 'En attente d’un modérateur',
  'appeals.status.granted': 'Accepté',
  'appeals.status.refused': 'Refusé',
  'appeals.due': 'Décision attendue avant le {time}',
  'appeals.overdue':
    'La décision est en retard : elle était attendue avant le {time}. Votre recours reste en tête de la liste des modérateurs.',
  'appeals.decided': 'Décidé le {time}',
  'appeals.why': 'Motif : {reason}.',
  'appeals.reply': 'Le modérateur a écrit : « {reply} »',
  'appeals.withPicture': 'Envoyé avec une photo',
  'appeals.openDay': 'Voir le jour',
  'appeals.reason.evidenceConvincing': 'ce que vous avez envoyé a convaincu le modérateur',
  'appeals.reason.reviewMistake': 'la première décision était une erreur',
  'appeals.reason.evidenceInsufficient': 'ce que vous avez envoyé ne l’emporte pas sur ce que l’examen a trouvé',
  'appeals.reason.ruleApplies': 'la règle s’applique telle qu’elle était',
  'appeals.reason.contentAllowed': 'le contenu respecte les règles',
};
