import type { AppealsMessages } from './en';

/** The appeals texts in Spanish (docs/product/appeals.md). */
export const appeals: AppealsMessages = {
  'appeals.action': 'Apelar esta decisión',
  'appeals.formTitle.day': 'Apelar la revisión del {day}',
  'appeals.formTitle.report': 'Apelar la decisión sobre tu denuncia',
  'appeals.formTitle.invite-reward': 'Apelar la decisión sobre tu recompensa por invitación',
  'appeals.formHint':
    'Explica al revisor por qué la decisión es errónea. Puedes apelar cada decisión una vez, y un revisor responde en {hours} horas.',
  'appeals.note': 'Qué pasó',
  'appeals.notePlaceholder': 'Por ejemplo: fui y volví andando del trabajo; mi reloj muestra los pasos.',
  'appeals.noteRequired': 'Escribe qué pasó',
  'appeals.picture': 'Una foto (opcional), como la pantalla de tu reloj',
  'appeals.send': 'Enviar apelación',
  'appeals.sent': 'Apelación enviada',
  'appeals.mine': 'Mis apelaciones',
  'appeals.none': 'No has apelado nada.',
  'appeals.kind.day': 'El día {day}',
  'appeals.kind.report': 'Tu denuncia',
  'appeals.kind.invite-reward': 'Tu recompensa por invitación',
  'appeals.status.open': 'Esperando a un revisor',
  'appeals.status.granted': 'Aceptada',
  'appeals.status.refused': 'Rechazada',
  'appeals.due': 'Decisión antes del {time}',
  'appeals.overdue':
    'La decisión se retrasa: debía llegar antes del {time}. Tu apelación sigue la primera en la lista de los revisores.',
  'appeals.decided': 'Decidida el {time}',
  'appeals.why': 'Motivo: {reason}.',
  'appeals.reply': 'El revisor escribió: «{reply}»',
  'appeals.withPicture': 'Enviada con una foto',
  'appeals.openDay': 'Ver el día',
  'appeals.reason.evidenceConvincing': 'lo que enviaste convenció al revisor',
  'appeals.reason.reviewMistake': 'la primera decisión fue un error',
  'appeals.reason.evidenceInsufficient': 'lo que enviaste no pesa más que lo que encontró la revisión',
  'appeals.reason.ruleApplies': 'la regla se aplica tal como estaba',
  'appeals.reason.contentAllowed': 'el contenido cumple las reglas',
};
