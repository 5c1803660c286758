// What walls say, in the languages users paste links in (en, de, fr, es, it, pt, nl, pl, tr, ru, ja,
// zh, ko), for the generic signals (generic-wall.ts). None names a vendor. Title patterns are
// anchored on the title's own segment (before " | ", " - "…), so that an article *about* captchas or
// cookie banners, whose title says more, does not match; text patterns are looked for in the first
// part of the visible text of a page that has little of it.

/** The kinds of wall a wording points to. */
export type WordingKind = 'challenge' | 'captcha' | 'login' | 'consent' | 'paywall' | 'unsupported-browser';

/** A title segment that is one of `wordings` and nothing more (trailing dots, `…`, `!` and spaces aside). */
const wholeSegment = (wordings: string[]): RegExp => new RegExp(`^(?:${wordings.join('|')})[.…!\\s]*$`, 'iu');

/** Text that holds any of `wordings`. */
const anyOf = (wordings: string[]): RegExp => new RegExp(wordings.join('|'), 'iu');

/** A challenge or block page's title segment: "Just a moment...", "Access denied", "Security check"… */
const challengeTitle = wholeSegment([
  'just a moment', 'one moment,? please', 'one more step', 'please wait', 'checking (?:your|the|if the site connection is secure)\\b.*',
  'attention required!?', 'access (?:to this page )?(?:has been |is )?denied', 'access blocked', 'request (?:blocked|unsuccessful|rejected)',
  'security (?:check(?:point)?|verification)', '.*security checkpoint', 'verifying(?: you are human)?', 'verify(?: that)? you are (?:a )?human',
  'human verification', 'bot (?:verification|protection|check)', 'are you (?:a robot|human)\\??', 'robot or human\\??', 'robot check',
  'pardon (?:our|the) interruption', 'ddos protection.*', "you(?:'|’)ve been blocked", 'you have been blocked', 'blocked',
  // de, fr, es, it, pt, nl, pl, tr, ru
  'einen moment(?:,? bitte)?', 'bitte warten', 'zugriff verweigert', 'sicherheitsüberprüfung', 'sicherheitsprüfung',
  'un (?:instant|moment)(?:,? s(?:\'|’)il vous pla[iî]t)?', 'veuillez patienter', 'accès (?:refusé|interdit|bloqué)', 'vérification de sécurité',
  'un momento(?:,? por favor)?', 'espera un momento', 'acceso denegado', 'verificación de seguridad',
  'solo un momento', 'attendere prego', 'accesso negato', 'controllo di sicurezza',
  's[oó] um momento', 'um momento(?:,? por favor)?', 'aguarde', 'acesso negado', 'verificação de segurança',
  'even geduld(?: aub)?', 'een moment(?:,? alstublieft)?', 'toegang geweigerd', 'beveiligingscontrole',
  'chwileczkę', 'chwila', 'proszę czekać', 'dostęp zabroniony', 'odmowa dostępu', 'weryfikacja bezpieczeństwa',
  'bir dakika', 'lütfen bekleyin', 'erişim engellendi', 'güvenlik kontrolü',
  'один момент', 'подождите', 'пожалуйста, подождите', 'доступ запрещ[её]н', 'проверка безопасности', 'вы не робот\\??',
]);

/** Titles of CJK challenge pages: matched as a part of the segment (no word boundaries there). */
const challengeTitleCjk = /しばらくお待ちください|アクセスが拒否|セキュリティチェック|请稍候|請稍候|请稍等|访问被拒绝|訪問被拒絕|安全验证|安全檢查|人机验证|잠시만 기다려|잠시 기다려|액세스가 거부|접근이 거부|보안 확인/u;

/** A challenge or block in the text: "verify you are human", "not a robot", "you have been blocked"… */
const challengeText = anyOf([
  'verify(?:ing)? (?:that )?you(?:\'|’)?re (?:a )?human', 'verify(?:ing)? (?:that )?you are (?:a )?human', 'verifying your browser', 'checking your browser',
  'confirm (?:that )?you(?:\'|’)?re (?:a )?human', 'confirm (?:that )?you are (?:a )?human', 'not a robot', 'are you a robot', 'robot or human',
  'press (?:&|&amp;|and) hold', 'you(?:\'|’)ve been blocked', 'you have been blocked', 'request unsuccessful', 'incident id', 'unusual traffic',
  'automated (?:requests|queries|access)', 'enter the characters you see', 'complete the security check', 'ray id',
  'sie sind kein roboter', 'kein roboter', 'ungewöhnlichen datenverkehr', 'vous n(?:\'|’)êtes pas un robot', 'pas un robot', 'no eres un robot', 'no soy un robot',
  'non sei un robot', 'não é um robô', 'não sou um robô', 'geen robot', 'nie jesteś robotem', 'robot olmadığınızı', 'вы не робот', 'не робот',
  'ロボットではありません', '不是机器人', '不是機器人', '로봇이 아닙니다',
]);

/** The prompt of a page that needs a script to run before it shows anything: "enable JavaScript and cookies". */
const scriptAndCookiesText =
  /enable javascript and cookies|javascript (?:and|&) cookies|aktivieren sie javascript und cookies|activez javascript et les cookies|habilita javascript y las cookies|abilita javascript e i cookie|ative o javascript e os cookies|schakel javascript en cookies in|włącz javascript i pliki cookie|javascript ve çerezleri etkinleştirin|включите javascript и файлы cookie|javascript と cookie を有効|启用 javascript 和 cookie|javascript 및 쿠키를 사용/iu;

/** A plain "enable JavaScript": every app shell says it too, so it is weak evidence. */
const scriptText = /enable javascript|javascript is (?:disabled|not available|required|turned off)|enable js\b|javascript aktivieren|activer javascript|habilitar javascript|attiva javascript|ativar o javascript|javascript inschakelen|włącz javascript|javascript'i etkinleştir|включите javascript/iu;

/** A login page's title segment. Strong: it says the page is behind it ("sign in to continue"). */
const loginTitleStrong = wholeSegment([
  '(?:sign|log) ?in (?:to|or sign up to) (?:continue|view|see|read|access)\\b.*', 'login required', '(?:sign|log) ?in required', 'please (?:sign|log) ?in',
  'you must (?:be logged in|log in|sign in)\\b.*', 'members only', 'authentication required',
  'melden sie sich an.*', 'anmeldung erforderlich', 'connectez-vous pour.*', 'connexion requise', 'inicia sesión para.*', 'accedi per.*',
  'faça login para.*', 'inicie sessão para.*', 'log in om.*', 'zaloguj się, aby.*', 'devam etmek için giriş yapın', 'войдите, чтобы.*',
]);

/** A login page's title segment: "Sign in", "Log into X", "Anmelden", "Connexion", "Войти", "ログイン"… */
const loginTitle = wholeSegment([
  'sign ?in', 'log ?in', 'log ?into .*', 'log ?in to .*', 'sign ?in to .*', 'sign ?up', 'sign ?in or sign up', 'log ?in or sign up.*', 'login page', 'authwall',
  'anmelden', 'einloggen', 'anmeldung', 'se connecter', 'connexion', 'identifiez-vous', 'iniciar sesión', 'inicia sesión', 'acceder', 'accedi', 'accesso',
  'entrar', 'iniciar sessão', 'fazer login', 'inloggen', 'aanmelden', 'zaloguj się', 'logowanie', 'giriş yap', 'oturum aç', 'giriş', 'войти', 'вход', 'авторизация',
  'ログイン', 'サインイン', '登录', '登入', '登錄', '로그인',
]);

/** A consent page's title segment: "Before you continue", "Cookie consent", "Datenschutzeinstellungen"… */
const consentTitle = wholeSegment([
  'before you continue(?: to .*)?', '(?:cookie|privacy|consent) (?:consent|settings|preferences|choices|notice|centre|center)', 'cookies?', 'consent',
  'we value your privacy', 'your privacy(?: choices| matters| settings)?', 'privacy choices', 'manage (?:cookies|consent|your privacy)',
  'datenschutzeinstellungen', 'datenschutz-einstellungen', 'cookie-einstellungen', 'einwilligung', 'zustimmung', 'ihre privatsphäre',
  'consentement', 'votre consentement', 'gestion des cookies', 'vos choix', 'respect de votre vie privée', 'paramètres (?:des cookies|de confidentialité)',
  'consentimiento', 'configuración de (?:cookies|privacidad)', 'tu privacidad', 'consenso', 'la tua privacy', 'preferenze (?:dei )?cookie',
  'consentimento', 'sua privacidade', 'a sua privacidade', 'configurações de (?:cookies|privacidade)', 'toestemming', 'cookie-instellingen', 'uw privacy',
  'privacy-instellingen', 'zgoda', 'twoja prywatność', 'ustawienia prywatności', 'ustawienia plików cookie', 'gizliliğiniz', 'çerez (?:ayarları|tercihleri)',
  'onay', 'согласие', 'конфиденциальность', 'настройки (?:cookie|конфиденциальности)', 'ваша конфиденциальность',
]);

const consentTitleCjk = /プライバシー設定|cookie ?の設定|同意|隐私设置|隱私設定|cookie ?设置|쿠키 설정|개인정보 (?:설정|보호 설정)|동의/iu;

/** What a consent page asks in its text: to accept or refuse cookies, to agree to the processing of data. */
const consentText = anyOf([
  'accept (?:all|cookies)', 'reject all', 'agree (?:and|&) (?:continue|proceed)', 'use (?:of )?cookies', 'we use cookies', 'cookies and data', 'manage (?:your )?(?:preferences|options)',
  'transparency (?:&|&amp;|and) consent', 'alle akzeptieren', 'akzeptieren und weiter', 'zustimmen und weiter', 'verwendung von cookies', 'tout accepter', 'accepter et continuer',
  'acceptez les cookies', 'aceptar todo', 'aceptar y continuar', 'accetta tutto', 'accetta e continua', 'aceitar tudo', 'aceitar e continuar', 'alles accepteren',
  'akkoord en doorgaan', 'akceptuj wszystko', 'zaakceptuj wszystkie', 'tümünü kabul et', 'kabul et ve devam et', 'принять все', 'принять и продолжить',
  'すべて同意', 'すべて受け入れる', '全部接受', '接受全部', '同意并继续', '모두 동의', '모두 수락',
]);

/** A paywall barrier's wording (title segment or heading): "Subscribe to read", "Nur für Abonnenten"… */
const paywallText = anyOf([
  'subscribe (?:now )?to (?:read|continue|keep reading|unlock|access|view)', 'subscription required', 'subscribers? only', 'for subscribers',
  'this (?:article|story|content) is (?:for|only available to|reserved for) (?:subscribers|members)', 'already a subscriber', 'become a subscriber to (?:read|continue)',
  'unlock this (?:article|story)', 'continue reading with a subscription', 'premium (?:article|content) for subscribers',
  'nur für abonnenten', 'abonnieren sie, um', 'jetzt (?:weiterlesen|abonnieren) und', 'mit abo weiterlesen', 'réservé aux abonnés', 'abonnez-vous pour (?:lire|continuer)',
  'article réservé', 'exclusivo para suscriptores', 'suscríbete para (?:leer|seguir)', 'riservato agli abbonati', 'abbonati per (?:leggere|continuare)',
  'exclusivo para assinantes', 'assine para (?:ler|continuar)', 'alleen voor abonnees', 'word abonnee om', 'tylko dla (?:prenumeratorów|subskrybentów)',
  'abonelere özel', 'только для подписчиков', 'оформите подписку, чтобы', '有料会員限定', '会員限定', '订阅后阅读', '付费内容', '유료 회원 전용', '구독자 전용',
]);

/** An "update your browser" page's wording (title segment or text). */
const browserText = anyOf([
  '(?:update|upgrade) your browser', 'unsupported browser', 'browser (?:is )?not supported', 'browser is (?:out of date|outdated)', 'not available on this browser',
  'switch to a supported browser', 'use a supported browser', 'browser wird nicht unterstützt', 'aktualisieren sie ihren browser', 'navigateur (?:non pris en charge|obsolète)',
  'mettez à jour votre navigateur', 'navegador no (?:compatible|soportado)', 'actualiza tu navegador', 'browser non supportato', 'aggiorna il tuo browser',
  'navegador não (?:suportado|compatível)', 'atualize (?:o )?seu navegador', 'browser wordt niet ondersteund', 'werk je browser bij', 'przeglądarka nie jest obsługiwana',
  'zaktualizuj przeglądarkę', 'tarayıcınız desteklenmiyor', 'tarayıcınızı güncelleyin', 'браузер не поддерживается', 'обновите (?:ваш )?браузер',
  'ブラウザはサポートされていません', 'ブラウザを更新', '浏览器不受支持', '请升级浏览器', '請更新瀏覽器', '브라우저를 업데이트', '지원되지 않는 브라우저',
]);

// The title's own segment: what comes before the site's name (" | Site", " - Site", " • Site").
const titleSeparators = /\s+[|•·–—:-]\s+|\s*[|•·]\s*/u;

/** The segments of a title, its own first, each trimmed; the site's name is one of the others. */
export function titleSegments(title: string): string[] {
  return title
    .split(titleSeparators)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}

/** A title whose own part is empty: " - YouTube", "| Site". The page's template had nothing to put there. */
export function hasEmptySlot(title: string): boolean {
  return /^\s*[|•·–—:-]\s*\S/u.test(title);
}

/**
 * Whether `pattern` is said at the segment's start (after a `please`), or anywhere in a short
 * segment: "How to update your browser in two minutes" is an article. Each case needs a match in the
 * segment, so a segment without one (nearly every title) is scanned once, not three times.
 */
function leads(pattern: RegExp, segment: string): boolean {
  if (!pattern.test(segment)) return false;
  return pattern.exec(segment)?.index === 0 || pattern.exec(segment.replace(/^please\s+/i, ''))?.index === 0 || segment.split(/\s+/).length <= 6;
}

/** The wall a title points to, with the segment that says so; null for none. */
export function titleWording(title: string): {kind: WordingKind; strong: boolean; text: string} | null {
  const segments = titleSegments(title);
  for (const segment of segments.slice(0, 2)) {
    if (challengeTitle.test(segment) || challengeTitleCjk.test(segment)) return {kind: 'challenge', strong: true, text: segment};
    if (loginTitleStrong.test(segment)) return {kind: 'login', strong: true, text: segment};
    if (consentTitle.test(segment) || (segment.length <= 24 && consentTitleCjk.test(segment))) return {kind: 'consent', strong: true, text: segment};
    if (leads(paywallText, segment)) return {kind: 'paywall', strong: true, text: segment};
    if (leads(browserText, segment)) return {kind: 'unsupported-browser', strong: true, text: segment};
  }
  // A plain "Sign in" names a wall only in the title's own segment.
  const own = segments[0];
  if (own !== undefined && loginTitle.test(own)) return {kind: 'login', strong: false, text: own};
  return null;
}

/** The walls a text points to, each with the words that say so (at most one per kind). */
export function textWordings(text: string): {kind: WordingKind | 'script-and-cookies' | 'script'; text: string}[] {
  const found: {kind: WordingKind | 'script-and-cookies' | 'script'; text: string}[] = [];
  const look = (kind: WordingKind | 'script-and-cookies' | 'script', pattern: RegExp) => {
    const match = pattern.exec(text);
    if (match) found.push({kind, text: match[0]});
  };
  look('challenge', challengeText);
  look('script-and-cookies', scriptAndCookiesText);
  if (!found.some((each) => each.kind === 'script-and-cookies')) look('script', scriptText);
  look('consent', consentText);
  look('paywall', paywallText);
  look('unsupported-browser', browserText);
  return found;
}

/** Whether a short text (a heading, a description) says what a wall says: it is then no evidence of a real page. */
export function isWallWording(text: string): boolean {
  return titleWording(text) !== null || challengeText.test(text) || paywallText.test(text) || browserText.test(text) || /\b(?:log|sign) ?in(?:to)?\b/i.test(text);
}
