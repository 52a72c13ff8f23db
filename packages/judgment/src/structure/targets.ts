/**
 * What a command or a tool call points at: file paths (root, system, home, data, temporary),
 * secret files, URLs and their hosts (raw IP, paste and drop sites, shorteners, internal), e-mail
 * addresses (free-mail), sensitive data words and amounts of money.
 */

export type PathClass = "root" | "system" | "home" | "data" | "temp" | "local" | "wildcard";

const SYSTEM_TOP = new Set(["etc", "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "boot", "sys", "proc", "dev", "system", "library", "applications", "windows", "program files", "program files (x86)", "programdata", "private", "efi", "snap"]);
const TEMP_PARTS = /(?:^|\/)(?:tmp|temp|\.?cache|caches|node_modules|build|dist|out|target|coverage|\.next|\.nuxt|__pycache__|\.pytest_cache|\.gradle|\.tox|\.venv|venv|vendor\/bundle|bower_components|\.parcel-cache|\.turbo|logs?\/old|scratch|sandbox|\.sparkstaging|staging-tmp|tmp-upload|artifacts)(?:\/|$)/i;

function normalisePath(p: string): string {
  let s = p.trim().replace(/^['"]|['"]$/g, "");
  s = s.replace(/^\$\{?HOME\}?/, "~").replace(/^%USERPROFILE%/i, "~").replace(/^\$env:USERPROFILE/i, "~");
  s = s.replace(/\\/g, "/");
  return s;
}

/** How broad or sensitive a path is. */
export function pathClass(raw: string): PathClass | null {
  const p = normalisePath(raw);
  if (!p || /^-/.test(p)) return null;
  if (/^(?:s3|gs|az|hdfs|wasbs?|abfss?):\/\//i.test(p)) return TEMP_PARTS.test(p) ? "temp" : "data";
  if (/^[a-z]+:\/\//i.test(p)) return null;
  // Windows drive roots and system folders.
  const drive = /^([A-Za-z]):\/?(.*)$/.exec(p);
  if (drive) {
    const rest = drive[2]!.replace(/\/+$/, "").replace(/\/\*$/, "");
    if (rest === "" || rest === "*") return "root";
    const top = rest.split("/")[0]!.toLowerCase();
    if (SYSTEM_TOP.has(top)) return "system";
    if (top === "users") return rest.split("/").length <= 2 ? "home" : TEMP_PARTS.test(rest) ? "temp" : "data";
    return TEMP_PARTS.test(rest) ? "temp" : "data";
  }
  if (p === "*" || p === "." || p === "./*" || p === "./" || p === ".." || p === "../*" || p === ".*") return "wildcard";
  if (p.startsWith("~")) {
    const rest = p.slice(1).replace(/^\/+/, "").replace(/\/+$/, "");
    if (rest === "" || rest === "*" || rest === ".*") return "home";
    return TEMP_PARTS.test(rest) ? "temp" : "data";
  }
  if (!p.startsWith("/")) return TEMP_PARTS.test(p) || !p.includes("/") || p.startsWith("./") || p.startsWith("../") ? "local" : "local";
  const trimmed = p.replace(/\/+$/, "").replace(/\/\.$/, "");
  const noStar = trimmed.replace(/\/\*$/, "");
  if (noStar === "" || noStar === "/" || trimmed === "/*") return "root";
  const parts = noStar.slice(1).split("/");
  const top = parts[0]!.toLowerCase();
  if (top === "tmp" || top === "var" && (parts[1] === "tmp" || parts[1] === "cache")) return parts.length === 1 && top === "tmp" ? "temp" : "temp";
  if (TEMP_PARTS.test(noStar)) return "temp";
  if (SYSTEM_TOP.has(top)) return "system";
  if (top === "root") return parts.length === 1 ? "home" : "data";
  if (top === "home" || top === "users") return parts.length <= 2 ? "home" : "data";
  if (top === "var" || top === "opt" || top === "srv" || top === "mnt" || top === "media" || top === "data") {
    if (parts.length === 1) return "system";
    if (top === "var" && parts.length === 2 && (parts[1] === "lib" || parts[1] === "log" || parts[1] === "www" || parts[1] === "backups" || parts[1] === "spool" || parts[1] === "mail")) return parts[1] === "lib" ? "system" : "data";
    return "data";
  }
  return "data";
}

/** Files that hold secrets: keys, credentials, password stores, environment files. */
export const SECRET_PATH =
  /(?:^|[/\\~\s'"=@])(?:\.ssh\/(?:id_[a-z0-9_]+(?!\.pub)\b|authorized_keys|known_hosts)|id_(?:rsa|dsa|ecdsa|ed25519)(?!\.pub)\b|etc\/(?:shadow|gshadow|sudoers|master\.passwd)\b|\.aws\/credentials|\.aws\/config|\.azure\/|\.config\/gcloud|application_default_credentials|\.kube\/config|kubeconfig|\.docker\/config\.json|\.npmrc|\.pypirc|\.netrc|\.pgpass|\.my\.cnf|\.git-credentials|\.env(?:\.[\w-]+)?\b|credentials?\.(?:json|ya?ml|txt|csv|xml)|secrets?\.(?:json|ya?ml|txt|env|toml)|[\w-]*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ovpn)\b|wallet\.dat|keychain|login\s?data|logins\.json|key[34]\.db|cookies\.sqlite|\/sam\b|ntds\.dit|lsass|vault[\w-]*token|\.vault-token|service[-_]?account[\w-]*\.json|terraform\.tfstate|wp-config\.php|config\/(?:prod|production)[\w.-]*\.(?:ya?ml|json|py|rb|env))/i;

export function isSecretPath(s: string): boolean {
  return SECRET_PATH.test(s);
}

/** Words of files or fields that hold personal, financial, medical or confidential data. */
export const SENSITIVE_DATA =
  /(?:^|[^a-z])(?:customers?|clients?|members?|patients?|employees?|staff|users?|students?|subscribers?|residents?|contacts?|leads?|donors?|voters?|tenants?|guests?|personnel|payroll|salar(?:y|ies)|wages?|hr|medical|health|diagnos[ie]s|diagnosis[_-]?code|prescriptions?|medications?|phi|ehr|emr|charts?|full[_-]?chart|records?|ssns?|social[_-]?security|passports?|national[_-]?id|dob|date[_-]?of[_-]?birth|birth[_-]?date|card[_-]?(?:numbers?|data|details|holders?|dumps?)|cardholders?|with[_-]?cards|credit[_-]?cards?|payment[_-]?cards?|cvv|cvc|pan|iban|bank|bank[_-]?accounts?|account[_-]?numbers?|routing|tax(?:es)?|w2|1099|credit[_-]?reports?|statements?|addresses|home[_-]?address|phones?|phone[_-]?numbers?|emails|email[_-]?list|pii|personal|identifiable|identified|confidential|internal[_-]?only|secret|proprietary|gradebook|grades|iep|transcripts?|biometric|dna|genetic|location[_-]?history|dump|backup|full[_-]?export|database|db[_-]?dump|heap|hprof|core[_-]?dump|passwords?|credentials?|api[_-]?keys?|tokens?|private[_-]?keys?)(?:[^a-z]|$)/i;

/** Columns that hold sensitive values, for SQL. */
export const SENSITIVE_COLUMN =
  /^(?:.*[_.])?(?:ssn|social_security(?:_number|_no)?|sin|nin|passport(?:_no|_number)?|national_id|tax_id|tin|dob|date_of_birth|birth_?date|password|passwd|pass|pwd|password_hash|pw_hash|hash|salt|secret|api_key|token|access_token|refresh_token|private_key|otp_secret|mfa_secret|totp_secret|card_number|card_no|cc_number|ccnum|credit_card|pan|cvv|cvc|cvv2|card_cvv|expiry|exp_date|iban|bank_account(?:_no|_number)?|account_number|routing_number|sort_code|salary|base_salary|wage|compensation|diagnosis|diagnosis_code|diagnoses|icd10?|condition|prescription|medication|medications|treatment|hiv_status|mental_health|disability|religion|ethnicity|race|sexual_orientation|gender_identity|criminal_record|home_address|address|street|phone|phone_number|mobile|cell|email|email_address|last_location|location|lat|lng|latitude|longitude|ip_address|biometric|fingerprint|face_id|credit_score)$/i;

/** Free-mail and consumer mailbox domains: mail there leaves any organisation. */
const FREE_MAIL = /@(?:[\w-]+\.)*(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|aol|icloud|me|mac|proton|protonmail|pm|gmx|mail|yandex|zoho|tutanota|tuta|fastmail|freemail|mailbox|hushmail|qq|163|126|sina|rediffmail|web|t-online|orange|free|laposte|libero|seznam|wp|o2|mail2world|guerrillamail|mailinator|temp-?mail|10minutemail|sharklasers|yopmail)\.[a-z.]+\b/i;

export function isFreeMail(address: string): boolean {
  return FREE_MAIL.test(address);
}

export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
export const URL_RE = /\b(?:https?|ftp|wss?|stratum\+tcp|tcp|udp):\/\/[^\s'"<>`)\]},]+/gi;

export type HostKind = "raw_ip" | "drop_site" | "shortener" | "internal" | "tunnel" | "other";

const DROP_SITES =
  /(?:^|\.)(?:pastebin\.com|paste\.ee|pastebin\.pl|hastebin\.com|ghostbin\.\w+|dpaste\.\w+|rentry\.co|privatebin\.\w+|0x0\.st|termbin\.com|ix\.io|sprunge\.us|transfer\.sh|file\.io|tmpfiles\.org|temp\.sh|anonfiles\.com|bayfiles\.com|gofile\.io|mega\.nz|mega\.co\.nz|mediafire\.com|sendspace\.com|wetransfer\.com|we\.tl|filebin\.net|catbox\.moe|litterbox\.catbox\.moe|uguu\.se|pixeldrain\.com|webhook\.site|requestbin\.\w+|pipedream\.net|beeceptor\.com|hookbin\.com|requestcatcher\.com|interact\.sh|oast\.\w+|burpcollaborator\.net|canarytokens\.com|discord(?:app)?\.com\/api\/webhooks|api\.telegram\.org|hooks\.slack\.com|ngrok\.io|ngrok-free\.app|ngrok\.app|trycloudflare\.com|serveo\.net|localtunnel\.me|loca\.lt|pagekite\.me|bore\.pub|duckdns\.org|no-ip\.\w+|ddns\.net)$/i;
const SHORTENERS = /^(?:bit\.ly|tinyurl\.com|t\.co|goo\.gl|is\.gd|ow\.ly|buff\.ly|rebrand\.ly|cutt\.ly|shorturl\.at|tiny\.cc|rb\.gy|t\.ly|s\.id|v\.gd|lnkd\.in|bl\.ink|short\.io|x\.co|adf\.ly|shorte\.st|qrco\.de)$/i;
const INTERNAL = /(?:^localhost$|^127\.|^10\.|^192\.168\.|^172\.(?:1[6-9]|2\d|3[01])\.|^169\.254\.|\.internal\b|\.intranet\b|\.corp\b|\.local$|\.lan$|\.svc\.cluster\.local$|\.private\b|^intranet\.|^internal\.)/i;

export function hostOf(url: string): string {
  const m = /^[a-z+]+:\/\/(?:[^@/\s]*@)?(\[[^\]]+\]|[^:/\s?#]+)/i.exec(url);
  return m ? m[1]!.toLowerCase() : "";
}

export function hostKind(host: string, url = ""): HostKind {
  if (!host) return "other";
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith("[")) return INTERNAL.test(host) ? "internal" : "raw_ip";
  // An address hidden in a name ("collect.198.51.100.23.example") is read as one.
  if (/(?:^|\.)\d{1,3}(?:\.\d{1,3}){3}(?:\.|$)/.test(host) && !INTERNAL.test(host)) return "raw_ip";
  if (DROP_SITES.test(host) || DROP_SITES.test(`${host}${/\/api\/webhooks/.test(url) ? "/api/webhooks" : ""}`)) return "drop_site";
  if (SHORTENERS.test(host)) return "shortener";
  if (INTERNAL.test(host)) return "internal";
  return "other";
}

/** Raw IPs outside private ranges, written bare (scp root@203.0.113.5:/x, hydra ssh://...). */
export const PUBLIC_IP = /(?<![\d.])(?!(?:10|127)\.)(?!192\.168\.)(?!172\.(?:1[6-9]|2\d|3[01])\.)(?!0\.0\.0\.0)\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}(?![\d.]*\/\d)(?![\d])/;

/** Money: "97500", "$1,250,000", "€5k", "12,965.00". */
export function amountOf(raw: string): number | null {
  const m = /(?:^|[^\w.])[$€£¥]?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s?(k|m|mm|thousand|million|bn|billion)?\b/i.exec(` ${raw}`);
  if (!m) return null;
  let v = Number(m[1]!.replace(/,/g, ""));
  if (m[2]) v += Number(`0.${m[2]}`);
  const unit = (m[3] ?? "").toLowerCase();
  if (unit === "k" || unit === "thousand") v *= 1e3;
  else if (unit === "m" || unit === "mm" || unit === "million") v *= 1e6;
  else if (unit === "bn" || unit === "billion") v *= 1e9;
  return Number.isFinite(v) ? v : null;
}
