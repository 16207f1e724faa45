import type { Language, PolicyKind } from '@stride/contract';

/**
 * Version 1 of the terms of service and the privacy policy in the five languages (decision 046 "Policies and consent"),
 * written for each language rather than word for word. Plain text: paragraphs apart by a blank
 * line; a paragraph starting with "## " is a heading. Operators publish later versions.
 */
export const INITIAL_POLICIES: Record<PolicyKind, Record<Language, { title: string; body: string }>> = {
  terms: {
    en: {
      title: 'Terms of service',
      body: `These terms are the agreement between you and the operator of this Stride service. By creating an account you accept them.

## The service
Stride counts your daily steps, turns them into points, and lets you exchange points for cash, buy member cards that pay cash back for walking, and order goods from the mall. Cash you earn can be withdrawn to a bank account or payment account in your own name once your identity is verified.

## Your account
One account per person and mobile number. Keep your password to yourself; you are responsible for what is done with your account. Give true information: your real name and ID number must be your own.

## Fair play
Steps must be walked by you. Faking steps, using several accounts, automating the app or exploiting a fault to gain points or money is not allowed. We may freeze an account while we look into such use and withhold what was gained by it.

## Points, cards and money
Points have no value outside the service until they are exchanged. Member cards, cash back and their limits are described on each card before you buy it. Withdrawals are checked and paid within the times shown in the app; a withdrawal may be refused with its reason, and the amount then returns to your balance.

## Changes and ending
We may change the service and these terms; when the terms change you will be asked to accept the new version before you continue. You may stop using the service and delete your account at any time. We may end an account that breaks these terms, and will tell you why.

## Contact
Questions about these terms: use the official community page in the app or write to the operator of this service at the address shown there.`,
    },
    es: {
      title: 'Términos del servicio',
      body: `Estos términos son el acuerdo entre tú y quien opera este servicio Stride. Al crear una cuenta los aceptas.

## El servicio
Stride cuenta tus pasos diarios, los convierte en puntos y te permite canjear puntos por dinero, comprar tarjetas de socio que devuelven dinero por caminar y pedir productos en la tienda. El dinero que ganes puede retirarse a una cuenta bancaria o de pago a tu nombre una vez verificada tu identidad.

## Tu cuenta
Una cuenta por persona y número de móvil. No compartas tu contraseña: eres responsable de lo que se haga con tu cuenta. Da información verdadera: tu nombre real y tu número de identidad deben ser tuyos.

## Juego limpio
Los pasos deben ser tuyos. No se permite falsear pasos, usar varias cuentas, automatizar la aplicación ni aprovechar un fallo para obtener puntos o dinero. Podemos congelar una cuenta mientras revisamos ese uso y retener lo obtenido con él.

## Puntos, tarjetas y dinero
Los puntos no tienen valor fuera del servicio hasta que se canjean. Cada tarjeta de socio describe su devolución y sus límites antes de comprarla. Los retiros se revisan y se pagan en los plazos que indica la aplicación; un retiro puede rechazarse indicando el motivo, y el importe vuelve entonces a tu saldo.

## Cambios y baja
Podemos cambiar el servicio y estos términos; cuando cambien, se te pedirá que aceptes la nueva versión antes de continuar. Puedes dejar de usar el servicio y eliminar tu cuenta cuando quieras. Podemos cerrar una cuenta que incumpla estos términos y te diremos por qué.

## Contacto
Para dudas sobre estos términos, usa la página de la comunidad oficial en la aplicación o escribe a quien opera este servicio en la dirección que allí se indica.`,
    },
    fr: {
      title: 'Conditions d’utilisation',
      body: `Ces conditions forment l’accord entre vous et l’exploitant de ce service Stride. En créant un compte, vous les acceptez.

## Le service
Stride compte vos pas quotidiens, les transforme en points et vous permet d’échanger ces points contre de l’argent, d’acheter des cartes de membre qui remboursent une part pour la marche, et de commander des articles dans la boutique. L’argent gagné peut être retiré vers un compte bancaire ou de paiement à votre nom, une fois votre identité vérifiée.

## Votre compte
Un compte par personne et par numéro de mobile. Gardez votre mot de passe pour vous : vous répondez de ce qui est fait avec votre compte. Donnez des informations exactes : votre nom et votre numéro d’identité doivent être les vôtres.

## Jeu loyal
Les pas doivent être marchés par vous. Il est interdit de simuler des pas, d’utiliser plusieurs comptes, d’automatiser l’application ou d’exploiter une faille pour obtenir des points ou de l’argent. Nous pouvons geler un compte le temps de vérifier un tel usage et retenir ce qu’il a rapporté.

## Points, cartes et argent
Les points n’ont pas de valeur hors du service tant qu’ils ne sont pas échangés. Chaque carte de membre décrit ses remboursements et ses limites avant l’achat. Les retraits sont vérifiés et payés dans les délais indiqués dans l’application ; un retrait peut être refusé avec son motif, et le montant revient alors sur votre solde.

## Modifications et fin
Nous pouvons faire évoluer le service et ces conditions ; lorsqu’elles changent, il vous est demandé d’accepter la nouvelle version avant de continuer. Vous pouvez cesser d’utiliser le service et supprimer votre compte à tout moment. Nous pouvons fermer un compte qui enfreint ces conditions, en vous en donnant la raison.

## Contact
Pour toute question sur ces conditions, passez par la page de la communauté officielle dans l’application ou écrivez à l’exploitant du service à l’adresse qui y figure.`,
    },
    'zh-Hans': {
      title: '用户协议',
      body: `本协议是您与本 Stride 服务运营方之间的约定。注册账号即表示您同意本协议。

## 服务内容
Stride 记录您每天的步数并转换为积分；您可以用积分兑换现金，购买按步行返现的会员卡，并在商城购买商品。完成实名认证后，您获得的现金可以提现到您本人名下的银行卡或支付账户。

## 您的账号
每人每个手机号限注册一个账号。请妥善保管密码，账号下的一切操作由您负责。请提供真实信息：姓名和身份证号必须是您本人的。

## 公平使用
步数必须由您本人走出。禁止伪造步数、使用多个账号、以自动化方式使用应用，或利用漏洞获取积分或金钱。核查此类行为期间，我们可以冻结账号，并扣回由此获得的收益。

## 积分、会员卡与资金
积分在兑换前不具有服务以外的价值。每张会员卡在购买前都会说明返现方式和限额。提现经审核后在应用内所示时限内到账；提现可能被驳回并注明原因，届时金额退回您的余额。

## 变更与终止
我们可能调整服务和本协议；协议更新后，您需要同意新版本才能继续使用。您可以随时停止使用并注销账号。对违反本协议的账号，我们可以终止服务，并告知原因。

## 联系我们
对本协议有疑问，请通过应用内的官方社群页面，或按该页面所示地址联系本服务运营方。`,
    },
    'zh-Hant': {
      title: '使用者條款',
      body: `本條款是您與本 Stride 服務營運方之間的約定。註冊帳號即表示您同意本條款。

## 服務內容
Stride 記錄您每天的步數並轉換為點數；您可以用點數兌換現金，購買依步行回饋現金的會員卡，並在商城購買商品。完成實名認證後，您獲得的現金可以提領到您本人名下的銀行帳戶或支付帳戶。

## 您的帳號
每人每個手機號碼限註冊一個帳號。請妥善保管密碼，帳號下的一切操作由您負責。請提供真實資料：姓名與身分證字號必須是您本人的。

## 公平使用
步數必須由您本人走出。禁止偽造步數、使用多個帳號、以自動化方式使用應用程式，或利用漏洞取得點數或金錢。查核此類行為期間，我們可以凍結帳號，並扣回由此取得的收益。

## 點數、會員卡與資金
點數在兌換前不具服務以外的價值。每張會員卡在購買前都會說明回饋方式與上限。提領經審核後於應用程式所示期限內入帳；提領可能被駁回並註明原因，屆時金額退回您的餘額。

## 變更與終止
我們可能調整服務與本條款；條款更新後，您需要同意新版本才能繼續使用。您可以隨時停止使用並刪除帳號。對違反本條款的帳號，我們可以終止服務，並告知原因。

## 聯絡我們
對本條款有疑問，請透過應用程式內的官方社群頁面，或依該頁面所示地址聯絡本服務營運方。`,
    },
  },
  privacy: {
    en: {
      title: 'Privacy policy',
      body: `This policy explains what personal data this Stride service keeps about you, why, for how long, who handles it, and what you can ask of us.

## What we collect
- Your mobile number and password (stored only as a one-way hash), to create your account and let you log in.
- Your daily step counts and the devices or apps that send them, to count points and cash back.
- For real-name verification: your name, your ID number (stored encrypted), and photos of both sides of your ID card — only after you agree to it on the verification page.
- For the face check before the first withdrawal: a photo of your face — only after you agree to it on that page.
- For withdrawals: the bank or payment account you add (stored encrypted, shown masked).
- Delivery addresses, orders, cards, points and money movements, and the notices you receive.
- Technical records: the address your requests come from, kept with security and consent records.

## Why
To run the service you signed up for: count steps, keep your balance, pay withdrawals to you alone, deliver what you order, prevent fraud and meet the law on payments and real-name identification. We do not sell your data and do not use it for advertising.

## How long
Your account data is kept while you have an account. ID and face photos are kept while the verification they belong to is needed, and erased with your account. Money records must be kept whole for the bookkeeping periods the law sets; when you delete your account they are kept without your name, number or other details that point to you.

## Who processes it
The operator of this service, on its own servers. The SMS provider receives your mobile number to send codes; the payment provider receives what a payment needs. Operators see ID and face photos only to decide a verification, and each look is recorded.

## Your rights
You can see your data in the app and download all of it as a file; correct your details; withdraw your consent to ID photos or the face check (uploads then stop until you agree again); and delete your account, which erases or anonymises your personal data. Where a law gives you further rights (such as China's PIPL or Europe's GDPR), you may exercise them too, and you may complain to your data protection authority.

## Contact
For anything about your data, use the official community page in the app or write to the operator of this service at the address shown there. We answer within 15 working days.`,
    },
    es: {
      title: 'Política de privacidad',
      body: `Esta política explica qué datos personales guarda sobre ti este servicio Stride, para qué, durante cuánto tiempo, quién los trata y qué puedes pedirnos.

## Qué recogemos
- Tu número de móvil y tu contraseña (guardada solo como hash irreversible), para crear tu cuenta e iniciar sesión.
- Tus pasos diarios y los dispositivos o aplicaciones que los envían, para contar puntos y devoluciones.
- Para verificar tu identidad: tu nombre, tu número de identidad (cifrado) y fotos de las dos caras de tu documento, solo después de que lo aceptes en la página de verificación.
- Para la verificación facial antes del primer retiro: una foto de tu cara, solo después de que lo aceptes en esa página.
- Para los retiros: la cuenta bancaria o de pago que añadas (cifrada y mostrada enmascarada).
- Direcciones de entrega, pedidos, tarjetas, puntos y movimientos de dinero, y los avisos que recibes.
- Registros técnicos: la dirección desde la que llegan tus peticiones, junto a los registros de seguridad y de consentimiento.

## Para qué
Para prestar el servicio que contrataste: contar pasos, llevar tu saldo, pagarte los retiros solo a ti, entregar lo que pides, prevenir el fraude y cumplir la ley sobre pagos e identificación. No vendemos tus datos ni los usamos para publicidad.

## Cuánto tiempo
Los datos de tu cuenta se guardan mientras la tengas. Las fotos del documento y de la cara se guardan mientras la verificación a la que pertenecen sea necesaria y se borran con tu cuenta. Los registros de dinero deben conservarse completos durante los plazos contables que fija la ley; si eliminas tu cuenta, se conservan sin tu nombre, tu número ni otros datos que te identifiquen.

## Quién los trata
Quien opera este servicio, en sus propios servidores. El proveedor de SMS recibe tu número para enviarte códigos; el proveedor de pagos recibe lo que un pago necesita. Los operadores ven las fotos del documento y de la cara solo para decidir una verificación, y cada consulta queda registrada.

## Tus derechos
Puedes ver tus datos en la aplicación y descargarlos todos en un archivo; corregirlos; retirar tu consentimiento a las fotos del documento o a la verificación facial (las subidas se detienen hasta que vuelvas a aceptar); y eliminar tu cuenta, lo que borra o anonimiza tus datos personales. Si una ley te da más derechos (como el RGPD europeo o la PIPL china), también puedes ejercerlos y reclamar ante tu autoridad de protección de datos.

## Contacto
Para cualquier cuestión sobre tus datos, usa la página de la comunidad oficial en la aplicación o escribe a quien opera este servicio en la dirección que allí se indica. Respondemos en un plazo de 15 días hábiles.`,
    },
    fr: {
      title: 'Politique de confidentialité',
      body: `Cette politique explique quelles données personnelles ce service Stride conserve sur vous, pourquoi, combien de temps, qui les traite et ce que vous pouvez nous demander.

## Ce que nous collectons
- Votre numéro de mobile et votre mot de passe (conservé uniquement sous forme d’empreinte irréversible), pour créer votre compte et vous connecter.
- Vos pas quotidiens et les appareils ou applications qui les envoient, pour calculer points et remboursements.
- Pour la vérification d’identité : votre nom, votre numéro d’identité (chiffré) et les photos recto verso de votre pièce d’identité, seulement après votre accord sur la page de vérification.
- Pour la vérification faciale avant le premier retrait : une photo de votre visage, seulement après votre accord sur cette page.
- Pour les retraits : le compte bancaire ou de paiement que vous ajoutez (chiffré, affiché masqué).
- Adresses de livraison, commandes, cartes, points et mouvements d’argent, et les avis que vous recevez.
- Traces techniques : l’adresse d’où viennent vos requêtes, conservée avec les traces de sécurité et de consentement.

## Pourquoi
Pour fournir le service auquel vous vous êtes inscrit : compter vos pas, tenir votre solde, ne payer les retraits qu’à vous, livrer vos commandes, prévenir la fraude et respecter la loi sur les paiements et l’identification. Nous ne vendons pas vos données et ne les utilisons pas pour la publicité.

## Combien de temps
Les données de votre compte sont conservées tant que vous avez un compte. Les photos de pièce d’identité et de visage sont conservées tant que la vérification à laquelle elles servent est nécessaire, et effacées avec votre compte. Les écritures d’argent doivent rester complètes pendant les durées comptables fixées par la loi ; si vous supprimez votre compte, elles sont conservées sans votre nom, votre numéro ni rien qui vous désigne.

## Qui les traite
L’exploitant de ce service, sur ses propres serveurs. Le prestataire SMS reçoit votre numéro pour envoyer les codes ; le prestataire de paiement reçoit ce qu’un paiement exige. Les opérateurs ne voient les photos d’identité et de visage que pour décider d’une vérification, et chaque consultation est enregistrée.

## Vos droits
Vous pouvez consulter vos données dans l’application et les télécharger en un fichier ; les rectifier ; retirer votre consentement aux photos d’identité ou à la vérification faciale (les envois cessent jusqu’à un nouvel accord) ; et supprimer votre compte, ce qui efface ou anonymise vos données personnelles. Si une loi vous accorde d’autres droits (comme le RGPD ou la PIPL chinoise), vous pouvez aussi les exercer et saisir votre autorité de protection des données.

## Contact
Pour toute question sur vos données, passez par la page de la communauté officielle dans l’application ou écrivez à l’exploitant du service à l’adresse qui y figure. Nous répondons sous 15 jours ouvrés.`,
    },
    'zh-Hans': {
      title: '隐私政策',
      body: `本政策说明本 Stride 服务保存您的哪些个人信息、用途、保存期限、由谁处理，以及您享有的权利。

## 我们收集的信息
- 手机号和密码（密码仅以不可逆的哈希值保存），用于创建账号和登录。
- 每日步数及上传步数的设备或应用，用于计算积分和返现。
- 实名认证：姓名、身份证号（加密保存）以及身份证正反面照片——仅在您于认证页面同意后收集。
- 首次提现前的人脸核验：一张面部照片——仅在您于该页面同意后收集。
- 提现：您添加的银行卡或支付账户（加密保存，显示时打码）。
- 收货地址、订单、会员卡、积分与资金流水，以及您收到的通知。
- 技术记录：请求来源地址，与安全记录和授权记录一并保存。

## 使用目的
为您提供所注册的服务：统计步数、记录余额、确保提现只付给您本人、配送您购买的商品、防范欺诈，并遵守支付和实名制相关法律。我们不会出售您的信息，也不会将其用于广告。

## 保存期限
账号信息在账号存续期间保存。身份证照片和面部照片在其所属的认证仍有需要时保存，并随账号注销而删除。资金记录须按法律规定的会计期限完整保存；注销账号后，这些记录将不再包含您的姓名、手机号或其他可识别您的信息。

## 处理者
本服务运营方，在其自有服务器上处理。短信服务商接收您的手机号以发送验证码；支付服务商接收支付所需的信息。运营人员仅为审核认证查看身份证和面部照片，每次查看都有记录。

## 您的权利
您可以在应用内查看个人信息并将其全部下载为文件；更正您的信息；撤回对身份证照片或人脸核验的同意（撤回后将停止上传，直至您再次同意）；以及注销账号，届时您的个人信息将被删除或匿名化。您还可以依据《个人信息保护法》等法律行使其他权利，并向个人信息保护主管部门投诉。

## 联系我们
有关个人信息的任何问题，请通过应用内的官方社群页面，或按该页面所示地址联系本服务运营方。我们将在 15 个工作日内答复。`,
    },
    'zh-Hant': {
      title: '隱私權政策',
      body: `本政策說明本 Stride 服務保存您的哪些個人資料、用途、保存期間、由誰處理，以及您享有的權利。

## 我們蒐集的資料
- 手機號碼與密碼（密碼僅以不可逆的雜湊值保存），用於建立帳號與登入。
- 每日步數及上傳步數的裝置或應用程式，用於計算點數與回饋。
- 實名認證：姓名、身分證字號（加密保存）以及身分證正反面照片——僅在您於認證頁面同意後蒐集。
- 首次提領前的人臉核驗：一張臉部照片——僅在您於該頁面同意後蒐集。
- 提領：您新增的銀行帳戶或支付帳戶（加密保存，顯示時遮蔽）。
- 收件地址、訂單、會員卡、點數與資金明細，以及您收到的通知。
- 技術紀錄：請求來源位址，與安全紀錄及同意紀錄一併保存。

## 使用目的
為您提供所註冊的服務：統計步數、記錄餘額、確保提領只付給您本人、配送您購買的商品、防範詐騙，並遵守支付與實名制相關法令。我們不會出售您的資料，也不會將其用於廣告。

## 保存期間
帳號資料在帳號存續期間保存。身分證照片與臉部照片在其所屬的認證仍有需要時保存，並隨帳號刪除而刪除。資金紀錄須依法令規定的會計期間完整保存；刪除帳號後，這些紀錄將不再包含您的姓名、手機號碼或其他可識別您的資料。

## 處理者
本服務營運方，在其自有伺服器上處理。簡訊服務商接收您的手機號碼以傳送驗證碼；支付服務商接收付款所需的資料。營運人員僅為審核認證查看身分證與臉部照片，每次查看都有紀錄。

## 您的權利
您可以在應用程式內查看個人資料並將其全部下載為檔案；更正您的資料；撤回對身分證照片或人臉核驗的同意（撤回後將停止上傳，直到您再次同意）；以及刪除帳號，屆時您的個人資料將被刪除或匿名化。您還可以依據個人資料保護相關法律行使其他權利，並向主管機關申訴。

## 聯絡我們
有關個人資料的任何問題，請透過應用程式內的官方社群頁面，或依該頁面所示位址聯絡本服務營運方。我們將於 15 個工作天內答覆。`,
    },
  },
};
