import type { SourcesMessages } from './en';

/** The step sources page's texts in Spanish (docs/product/step-sources.md). */
export const sources: SourcesMessages = {
  'stepSources.counterTitle': 'El contador de la app',
  'stepSources.counterText':
    'Mientras Stride está abierta en cualquier página, cuenta tus pasos con el sensor de movimiento del teléfono y los envía de vez en cuando; los pasos contados sin conexión se guardan en el teléfono y se envían al volver a estar en línea.',
  'stepSources.highestText':
    'Cada fuente guarda su propio recuento diario y el día cuenta el más alto, nunca la suma: un teléfono y un reloj cuentan los mismos pasos.',
  'stepSources.connectionsTitle': 'Cuentas conectadas',
  'stepSources.connectionsText':
    'Lo más sencillo: conecta una sola vez la cuenta con la que se sincroniza tu reloj o tu pulsera, y Stride leerá sus pasos por sí sola.',
  'stepSources.provider.huawei': 'Huawei Health',
  'stepSources.provider.fitbit': 'Fitbit',
  'stepSources.connect.huawei': 'Conectar Huawei Health',
  'stepSources.connect.fitbit': 'Conectar Fitbit',
  'stepSources.noProviders': 'Este servidor todavía no puede conectar cuentas de relojes o pulseras.',
  'stepSources.status.active': 'Conectada',
  'stepSources.status.revoked': 'Acceso retirado',
  'stepSources.todaySteps': 'Hoy: {steps} pasos',
  'stepSources.lastSync': 'Última sincronización {time}',
  'stepSources.neverSynced': 'Sin sincronizar todavía',
  'stepSources.nextSync': 'Próxima sincronización {time}',
  'stepSources.errorAt': 'Último intento {time}',
  'stepSources.revokedText':
    '{provider} ya no permite que Stride lea tus pasos. Vuelve a conectar la cuenta para sincronizar de nuevo.',
  'stepSources.reconnect': 'Volver a conectar',
  'stepSources.reconnectNamed': 'Volver a conectar {name}',
  'stepSources.syncNow': 'Sincronizar ahora',
  'stepSources.syncNowNamed': 'Sincronizar ahora: {name}',
  'stepSources.synced': 'Sincronizada',
  'stepSources.disconnect': 'Desconectar',
  'stepSources.disconnectNamed': 'Desconectar {name}',
  'stepSources.disconnectConfirm':
    '¿Desconectar «{name}» ({provider})? Stride dejará de leer sus pasos; los pasos que ya envió se quedan.',
  'stepSources.disconnected': 'Cuenta desconectada',
  'stepSources.finishing': 'Terminando la conexión…',
  'stepSources.connected': 'Conectada: {name}',
  'stepSources.declined': 'No se autorizó la conexión: no ha cambiado nada.',
  'stepSources.tokensTitle': 'Tokens para dispositivos y automatizaciones',
  'stepSources.tokensText':
    'Un token solo puede enviar tus pasos: dáselo a un reloj, una app complementaria o un Atajo de iOS. Hasta {max} a la vez.',
  'stepSources.tokenName': 'Nombre (por ejemplo «Reloj»)',
  'stepSources.nameRequired': 'Pon un nombre al token',
  'stepSources.create': 'Crear token',
  'stepSources.shownOnce': 'Copia el token ahora: solo se muestra una vez.',
  'stepSources.copyToken': 'Copiar token',
  'stepSources.done': 'Listo',
  'stepSources.curlTitle': 'Enviar pasos desde un terminal',
  'stepSources.copyExample': 'Copiar ejemplo',
  'stepSources.shortcutTitle': 'Enviar los pasos de hoy hora a hora con un Atajo de iOS',
  'stepSources.shortcut1':
    'En Atajos, crea un atajo y añade «Buscar muestras de Salud»: Pasos, fecha de inicio hoy, «Introducido por el usuario» desactivado, agrupadas por hora.',
  'stepSources.shortcut2':
    'Añade «Repetir con cada» sobre las muestras: para cada una, un Diccionario con start y end (sus fechas en ISO 8601), el número steps (su valor) y recorded igual a automatic, añadido a la variable Buckets.',
  'stepSources.shortcut3':
    'Añade «Obtener contenido de URL»: {address}, método POST, cabecera Authorization «Bearer» y el token, cuerpo JSON con el campo de lista buckets igual a Buckets.',
  'stepSources.shortcut4': 'Ejecútalo una vez y permite el acceso a Salud.',
  'stepSources.shortcut5':
    'En Automatización, ejecútalo cada hora: cada hora cuenta una sola vez, la envíes las veces que la envíes, y los pasos introducidos a mano se rechazan.',
  'stepSources.noTokens': 'Aún no hay tokens',
  'stepSources.lastUsed': 'Último uso {time}',
  'stepSources.neverUsed': 'Sin usar todavía',
  'stepSources.revoke': 'Revocar',
  'stepSources.revokeNamed': 'Revocar {name}',
  'stepSources.revokeConfirm':
    '¿Revocar «{name}»? Lo que lo use ya no podrá enviar pasos; los pasos enviados se quedan.',
  'stepSources.revoked': 'Token revocado',
  'stepSources.importsTitle': 'Importar desde una app de salud',
  'stepSources.importsText':
    'Una exportación completa tu historial. Los puntos y el reembolso de la tarjeta solo se ganan por hoy y ayer, así que los días anteriores aparecen en el historial sin recompensas.',
  'stepSources.kindLabel': 'Exportado desde',
  'stepSources.kind.appleHealth': 'Apple Salud',
  'stepSources.kind.googleFit': 'Google Fit',
  'stepSources.kindHint.appleHealth':
    'En la app Salud: tu foto → Exportar todos los datos de salud, y elige aquí el export.zip.',
  'stepSources.kindHint.googleFit': 'En Google Takeout, exporta Fit y elige aquí el takeout-….zip.',
  'stepSources.file': 'Archivo exportado (.zip)',
  'stepSources.chooseFile': 'Elige primero el archivo exportado',
  'stepSources.upload': 'Importar',
  'stepSources.uploading': 'Subiendo…',
  'stepSources.reading': 'Leyendo la exportación…',
  'stepSources.duplicate': 'Este archivo ya se importó el {date}; no se añadió nada.',
  'stepSources.imported': 'Importado: {days} días con pasos.',
  'stepSources.range': 'Del {from} al {to}',
  'stepSources.onlyRecentEarn': 'Solo hoy y ayer pueden ganar puntos.',
  'stepSources.pastImports': 'Importaciones anteriores',
  'stepSources.noImports': 'Aún no hay importaciones',
  'stepSources.importRow': '{days} días, del {from} al {to}',
  'stepSources.importRowEmpty': 'Ningún día con pasos',
};
