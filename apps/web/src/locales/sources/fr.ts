import type { SourcesMessages } from './en';

/** The step sources page's texts in French (docs/product/step-sources.md). */
export const sources: SourcesMessages = {
  'stepSources.counterTitle': 'Le compteur de l’app',
  'stepSources.counterText':
    'Tant que Stride est ouverte sur n’importe quelle page, elle compte vos pas avec le capteur de mouvement du téléphone et les envoie régulièrement ; les pas comptés hors ligne sont gardés sur le téléphone et envoyés une fois la connexion revenue.',
  'stepSources.highestText':
    'Chaque source garde son propre total par jour, et la journée retient le plus élevé, jamais la somme : un téléphone et une montre comptent les mêmes pas.',
  'stepSources.connectionsTitle': 'Comptes connectés',
  'stepSources.connectionsText':
    'Le plus simple : connectez une seule fois le compte avec lequel votre montre ou votre bracelet se synchronise, et Stride lit ses pas toute seule.',
  'stepSources.provider.huawei': 'Huawei Health',
  'stepSources.provider.fitbit': 'Fitbit',
  'stepSources.connect.huawei': 'Connecter Huawei Health',
  'stepSources.connect.fitbit': 'Connecter Fitbit',
  'stepSources.noProviders': 'Ce serveur ne peut pas encore connecter de comptes de montre ou de bracelet.',
  'stepSources.status.active': 'Connecté',
  'stepSources.status.revoked': 'Accès retiré',
  'stepSources.todaySteps': 'Aujourd’hui : {steps} pas',
  'stepSources.lastSync': 'Dernière synchronisation {time}',
  'stepSources.neverSynced': 'Pas encore synchronisé',
  'stepSources.nextSync': 'Prochaine synchronisation {time}',
  'stepSources.errorAt': 'Dernière tentative {time}',
  'stepSources.revokedText':
    '{provider} ne permet plus à Stride de lire vos pas. Reconnectez le compte pour reprendre la synchronisation.',
  'stepSources.reconnect': 'Reconnecter',
  'stepSources.reconnectNamed': 'Reconnecter {name}',
  'stepSources.syncNow': 'Synchroniser',
  'stepSources.syncNowNamed': 'Synchroniser : {name}',
  'stepSources.synced': 'Synchronisé',
  'stepSources.disconnect': 'Déconnecter',
  'stepSources.disconnectNamed': 'Déconnecter {name}',
  'stepSources.disconnectConfirm':
    'Déconnecter « {name} » ({provider}) ? Stride cesse de lire ses pas ; les pas déjà envoyés restent.',
  'stepSources.disconnected': 'Compte déconnecté',
  'stepSources.finishing': 'Finalisation de la connexion…',
  'stepSources.connected': 'Connecté : {name}',
  'stepSources.declined': 'La connexion a été refusée : rien n’a changé.',
  'stepSources.tokensTitle': 'Jetons pour appareils et automatisations',
  'stepSources.tokensText':
    'Un jeton ne peut qu’envoyer vos pas : donnez-le à une montre, une app compagnon ou un Raccourci iOS. Jusqu’à {max} à la fois.',
  'stepSources.tokenName': 'Nom (par exemple « Montre »)',
  'stepSources.nameRequired': 'Donnez un nom au jeton',
  'stepSources.create': 'Créer un jeton',
  'stepSources.shownOnce': 'Copiez le jeton maintenant : il n’est affiché qu’une fois.',
  'stepSources.copyToken': 'Copier le jeton',
  'stepSources.done': 'Terminé',
  'stepSources.curlTitle': 'Envoyer des pas depuis un terminal',
  'stepSources.copyExample': 'Copier l’exemple',
  'stepSources.shortcutTitle': 'Envoyer les pas du jour heure par heure avec un Raccourci iOS',
  'stepSources.shortcut1':
    'Dans Raccourcis, créez un raccourci et ajoutez « Rechercher des échantillons Santé » : Pas, date de début aujourd’hui, « Saisi par l’utilisateur » désactivé, regroupés par heure.',
  'stepSources.shortcut2':
    'Ajoutez « Répéter avec chaque » sur les échantillons : pour chacun, un Dictionnaire avec start et end (ses dates en ISO 8601), le nombre steps (sa valeur) et recorded égal à automatic, ajouté à la variable Buckets.',
  'stepSources.shortcut3':
    'Ajoutez « Obtenir le contenu de l’URL » : {address}, méthode POST, en-tête Authorization « Bearer » suivi du jeton, corps JSON avec le champ liste buckets égal à Buckets.',
  'stepSources.shortcut4': 'Exécutez-le une fois et autorisez l’accès à Santé.',
  'stepSources.shortcut5':
    'Dans Automatisation, exécutez-le toutes les heures : chaque heure compte une seule fois, quel que soit le nombre d’envois, et les pas saisis à la main sont refusés.',
  'stepSources.noTokens': 'Aucun jeton pour l’instant',
  'stepSources.lastUsed': 'Dernière utilisation {time}',
  'stepSources.neverUsed': 'Pas encore utilisé',
  'stepSources.revoke': 'Révoquer',
  'stepSources.revokeNamed': 'Révoquer {name}',
  'stepSources.revokeConfirm':
    'Révoquer « {name} » ? Ce qui l’utilise ne pourra plus envoyer de pas ; les pas déjà envoyés restent.',
  'stepSources.revoked': 'Jeton révoqué',
  'stepSources.importsTitle': 'Importer depuis une app santé',
  'stepSources.importsText':
    'Un export remplit votre historique. Les points et le remboursement de carte ne se gagnent que pour aujourd’hui et hier : les jours plus anciens apparaissent dans l’historique sans récompense.',
  'stepSources.kindLabel': 'Exporté depuis',
  'stepSources.kind.appleHealth': 'Apple Santé',
  'stepSources.kind.googleFit': 'Google Fit',
  'stepSources.kindHint.appleHealth':
    'Dans l’app Santé : votre photo → Exporter toutes les données de santé, puis choisissez ici l’export.zip.',
  'stepSources.kindHint.googleFit': 'Sur Google Takeout, exportez Fit, puis choisissez ici le takeout-….zip.',
  'stepSources.file': 'Fichier exporté (.zip)',
  'stepSources.chooseFile': 'Choisissez d’abord le fichier exporté',
  'stepSources.upload': 'Importer',
  'stepSources.uploading': 'Envoi…',
  'stepSources.reading': 'Lecture de l’export…',
  'stepSources.duplicate': 'Ce fichier a déjà été importé le {date} ; rien n’a été ajouté.',
  'stepSources.imported': 'Importé : {days} jours avec des pas.',
  'stepSources.range': 'Du {from} au {to}',
  'stepSources.onlyRecentEarn': 'Seuls aujourd’hui et hier rapportent des points.',
  'stepSources.pastImports': 'Imports précédents',
  'stepSources.noImports': 'Aucun import pour l’instant',
  'stepSources.importRow': '{days} jours, du {from} au {to}',
  'stepSources.importRowEmpty': 'Aucun jour avec des pas',
};
