import type { PaymentPasswordMessages } from './en';

/** The payment password texts in French (docs/product/payment-password.md). */
export const paymentPassword: PaymentPasswordMessages = {
  'paymentPassword.sheetTitle': 'Saisissez votre code de paiement',
  'paymentPassword.buy': 'Payer {amount} avec votre solde pour {name}',
  'paymentPassword.buyLeft': 'Il vous restera {left} sur votre solde.',
  'paymentPassword.withdraw': 'Retirer {amount} vers {card}',
  'paymentPassword.withdrawReceived': 'Vous recevrez {received} après {fee} de frais.',
  'paymentPassword.give': 'Offrir à {name} ({relation}) l’assurance marche {card}, avec une couverture de {amount}',
  'paymentPassword.giveNote': 'Une fois offerte, elle ne peut être ni reprise ni offerte à quelqu’un d’autre.',
  'paymentPassword.digits': 'Code de paiement, 6 chiffres',
  'paymentPassword.checking': 'Vérification…',
  'paymentPassword.forgot': 'Code oublié ?',
  'paymentPassword.needed':
    'Il faut pour cela un code de paiement, et vous n’en avez pas encore. Il se crée en une minute avec un code reçu par SMS, puis vous revenez ici.',
  'paymentPassword.setNow': 'Créer un code de paiement',
  'paymentPassword.lockedUntil':
    'Trop d’essais erronés : votre code de paiement est bloqué jusqu’à {time}. Vous pouvez le réinitialiser dès maintenant avec un code reçu par SMS.',
  'paymentPassword.resetNow': 'Le réinitialiser',
  'paymentPassword.about':
    'Six chiffres à saisir pour payer avec votre solde, retirer de l’argent et offrir une police à un proche. Ce n’est pas votre mot de passe de connexion.',
  'paymentPassword.status': 'État',
  'paymentPassword.notSet': 'Non défini',
  'paymentPassword.setOn': 'Défini le {date}',
  'paymentPassword.lockedOn': 'Bloqué jusqu’à {time}',
  'paymentPassword.lockedHint':
    'Trop d’essais erronés. Définissez-en un nouveau ci-dessous pour le débloquer aussitôt.',
  'paymentPassword.formSet': 'Définir votre code de paiement',
  'paymentPassword.formReset': 'Le changer ou le réinitialiser',
  'paymentPassword.codeHint': 'Un code à 6 chiffres est envoyé par SMS au numéro de votre compte.',
  'paymentPassword.code': 'Code reçu par SMS',
  'paymentPassword.new': 'Nouveau code de paiement',
  'paymentPassword.repeat': 'Nouveau code de paiement, à nouveau',
  'paymentPassword.rule': 'Six chiffres, pas tous identiques (111111) ni à la suite comme 123456 ou 987654.',
  'paymentPassword.error.code': 'Saisissez le code à 6 chiffres reçu par SMS',
  'paymentPassword.error.digits': 'Le code de paiement compte 6 chiffres',
  'paymentPassword.error.simple': 'Trop facile à deviner : évitez un seul chiffre répété ou une suite comme 123456',
  'paymentPassword.save': 'Enregistrer',
  'paymentPassword.saved': 'Code de paiement enregistré',
};
