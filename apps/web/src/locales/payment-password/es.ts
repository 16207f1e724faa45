import type { PaymentPasswordMessages } from './en';

/** The payment password texts in Spanish (docs/product/payment-password.md). */
export const paymentPassword: PaymentPasswordMessages = {
  'paymentPassword.sheetTitle': 'Introduce tu contraseña de pago',
  'paymentPassword.buy': 'Pagar {amount} con tu saldo por {name}',
  'paymentPassword.buyLeft': 'Te quedarán {left} de saldo.',
  'paymentPassword.withdraw': 'Retirar {amount} a {card}',
  'paymentPassword.withdrawReceived': 'Recibirás {received} tras la comisión de {fee}.',
  'paymentPassword.give': 'Regalar a {name} ({relation}) el seguro de caminata {card}, con una cobertura de {amount}',
  'paymentPassword.giveNote': 'Una vez regalado, no se puede recuperar ni regalar a otra persona.',
  'paymentPassword.digits': 'Contraseña de pago, 6 dígitos',
  'paymentPassword.checking': 'Comprobando…',
  'paymentPassword.forgot': '¿La has olvidado?',
  'paymentPassword.needed':
    'Para esto hace falta una contraseña de pago y aún no tienes ninguna. Se crea en un minuto con un código que te llega al móvil, y luego vuelves aquí.',
  'paymentPassword.setNow': 'Crear contraseña de pago',
  'paymentPassword.lockedUntil':
    'Demasiados intentos fallidos: tu contraseña de pago está bloqueada hasta {time}. Puedes restablecerla ya con un código que te llega al móvil.',
  'paymentPassword.resetNow': 'Restablecerla',
  'paymentPassword.about':
    'Seis dígitos que escribes para pagar con tu saldo, retirar dinero y regalar una póliza a un familiar. No es tu contraseña de acceso.',
  'paymentPassword.status': 'Estado',
  'paymentPassword.notSet': 'Sin crear',
  'paymentPassword.setOn': 'Creada el {date}',
  'paymentPassword.lockedOn': 'Bloqueada hasta {time}',
  'paymentPassword.lockedHint':
    'Demasiados intentos fallidos. Crea una nueva aquí abajo para desbloquearla al momento.',
  'paymentPassword.formSet': 'Crea tu contraseña de pago',
  'paymentPassword.formReset': 'Cámbiala o restablécela',
  'paymentPassword.codeHint': 'Enviamos un código de 6 dígitos por SMS al número de tu cuenta.',
  'paymentPassword.code': 'Código del SMS',
  'paymentPassword.new': 'Nueva contraseña de pago',
  'paymentPassword.repeat': 'Repite la nueva contraseña de pago',
  'paymentPassword.rule': 'Seis dígitos, no todos iguales (111111) ni seguidos como 123456 o 987654.',
  'paymentPassword.error.code': 'Escribe el código de 6 dígitos del SMS',
  'paymentPassword.error.digits': 'La contraseña de pago tiene 6 dígitos',
  'paymentPassword.error.simple': 'Demasiado fácil de adivinar: evita repetir un dígito o una serie como 123456',
  'paymentPassword.save': 'Guardar',
  'paymentPassword.saved': 'Contraseña de pago guardada',
};
