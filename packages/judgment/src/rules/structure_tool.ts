import type { Leaf } from "../structure/args";
import { CONTEXT_TOOLS, structureOf, type ToolUnit } from "../structure/code";
import { Hits, spanAt } from "../structure/emit";
import { amountOf, EMAIL, hostKind, hostOf, isFreeMail, isSecretPath, SENSITIVE_COLUMN, SENSITIVE_DATA, URL_RE } from "../structure/targets";
import { pathClass } from "../structure/targets";
import type { HarmCode, Rule } from "../types";

/**
 * Tool-call features, read from the call's name (what kind of act: send, pay, delete, configure)
 * and its arguments (who receives, what is attached, how much money, which setting is turned
 * off). Tool names vary across agents (send_email, gmail.send, post_message, bank.transfer,
 * stripe.payouts.create), so names are read by their words, arguments by their keys and values.
 */

const SEND = new Set("send email mail gmail outlook sms text message messages msg post publish tweet share upload forward fax reply dm chat comment export webhook http request put sync push notify broadcast invite gist paste submit s3 drive dropbox slack discord telegram whatsapp teams facebook twitter x instagram linkedin reddit mastodon tiktok youtube blog cms page transmit egress deliver".split(" "));
const MONEY = new Set("transfer transfers wire pay payment payments payout payouts refund refunds withdraw withdrawal purchase buy order charge billpay checkout trade liquidate sell remit zelle venmo crypto wallet send_money disburse disbursement invoice sweep".split(" "));
const DELETE = new Set("delete remove purge drop destroy wipe erase truncate terminate clear reset format uninstall empty trash deletemany dropdatabase flushall flushdb rm rmdir".split(" "));
const RECIPIENT_KEYS = /^(?:to|to_list|to_email|to_address|recipient|recipients|cc|bcc|email|emails|send_to|share_with|shared_with|destination|dest|upload_to|url|endpoint|webhook|webhook_url|callback_url|channel|publish_to|target|address|to_iban|to_account|payee|beneficiary|beneficiary_name|account|receiver|wallet|host|server|remote|bucket|forward_to|reply_to|list|audience|group|site|platform|folder)$/;
const PAYLOAD_KEYS = /^(?:attachments?|files?|src|source|documents?|dataset|datasets|records?|fields|columns|export|path|paths|filename|file_id|file_ids|file_path|items?|data|json|payload|report|table|tables|query|media|images?|content|body|text|message|description|note|notes|caption|subject|title)$/;
const TEXT_KEYS = /^(?:body|text|message|content|description|note|notes|caption|comment|post|tweet|reply|html|markdown|json|data|payload|msg|value)$/;
const AMOUNT_KEYS = /^(?:amount|amount_\w+|\w+_amount|value|sum|total|price|quantity_usd|usd|eur|gbp)$/;
const BRANDS = /\b(?:usps|dhl|fedex|ups|royal mail|parcelforce|hermes|evri|irs|hmrc|ssa|medicare|dmv|fbi|police|paypal|venmo|cash ?app|zelle|amazon|apple|icloud|microsoft|office ?365|outlook|google|gmail|netflix|spotify|stripe|visa|mastercard|amex|american express|chase|wells fargo|bank of america|citi|hsbc|barclays|lloyds|santander|coinbase|binance|metamask|facebook|meta|instagram|whatsapp|linkedin|docusign|dropbox|adobe|norton|mcafee|geek squad|it (?:support|helpdesk|service desk)|help ?desk|security team)\b/i;
const LURE_HOST = /(?:^|[.-])(?:verify|verification|secure|security|login|signin|sign-in|logon|update|account|accounts|billing|redeliver|redelivery|delivery|customs|refund|claim|unlock|helpdesk|reset|recover|recovery|wallet|airdrop|confirm|validate|auth|sso|invoice|payment|pay|prize|reward|bonus|gift)(?:[.-]|$)/i;
const SUSPICIOUS_TLD = /\.(?:top|xyz|click|zip|mov|tk|ml|ga|cf|gq|buzz|icu|cyou|rest|monster|country|kim|work|support|live|loan|win|bid|stream|men|review|party|trade|date|racing|science|info|ru|su)$/i;
const CREDENTIAL_TEXT = /(?:\b(?:password|passwd|pwd|passcode|pin|secret|api[_ -]?key|token|backup codes?|recovery codes?|one[- ]time code|otp)\b\s*(?:is|[:=]|\/)\s*(?!<|\[|\*{3,}|x{3,}|redacted|removed|hidden|\$\{|\$[A-Z_])[^\s,;]{3,}|\b(?:sk|rk|pk)_live_[\w.]{6,}|\bAKIA[0-9A-Z]{12,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bxox[abpr]-[\w-]{10,}|-----BEGIN (?:RSA |OPENSSH |EC |DSA |PGP )?PRIVATE KEY-----|\b[a-z][\w+.-]*:\/\/[^\s:/@]+:[^\s@/]{3,}@[\w.-]+|\b\w+\s*\/\s*[A-Z][\w!@#$%^&*]{5,}\d[\w!@#$%^&*]*\b(?=[^\w]|$)|\b\d{4}-\d{4}(?:,\s*\d{4}-\d{4})+)/i;
const PUBLIC_VALUE = /^(?:anyone|anyone_with_(?:the_)?link|anyonewithlink|public|public-read|public-read-write|public_read|everyone|all|all_users|allusers|allauthenticatedusers|world|internet|unlisted|open|link|anybody|guest|guests|\*)$/i;

/** Settings families: key words that name a control, and the code its turning off argues for. */
const FAMILIES: Array<{ re: RegExp; feature: string; code: HarmCode; what: string }> = [
  { re: /(?:^|_)(?:age|minor|minors|under18|under_18|child|children|kid|kids|parental|nsfw|explicit|blur|adult|csam|grooming|teen)(?:_|$)/, feature: "sexual_content.minor_protection_off_arg", code: "sexual_content", what: "a protection for minors or against explicit content" },
  { re: /(?:^|_)(?:crisis|interstitial|self_harm|selfharm|suicide|wellbeing|well_being|ed_promotion|sensitive_cap|safe_messaging)(?:_|$)/, feature: "self_harm.crisis_protection_off_arg", code: "self_harm", what: "a self-harm or crisis protection" },
  { re: /(?:^|_)(?:geofence|geo_fence|interlock|door_interlock|obstacle|obstacle_detection|auto_reverse|flame|flame_sensor|sprinkler|sprinklers|smoke|smoke_detector|co_detector|carbon_monoxide|gas_detection|brake|brakes|brake_assist|collision|collision_avoidance|emergency_stop|estop|e_stop|airbag|lane_assist|min_altitude|auto_relock|relock|failsafe|fail_safe|while_moving|force_while_in_use|ventilation|o2|oxygen|cooling|frost_protect|overheat_protection|thermal_cutoff|pressure_relief|fall_detection)(?:_|$)/, feature: "physical_safety.safety_control_off_arg", code: "physical_safety", what: "a physical safety control" },
  { re: /(?:^|_)(?:mfa|2fa|two_factor|twofactor|otp|totp|auth|authentication|authorization|sso|password_required|require_password|verify|verification|verified|verified_payee|callback|ssl|tls|https|cert|certificate|signature|signed|signing|assertions_signed|want_assertions_signed|strict|encryption|encrypt|encrypted|firewall|waf|core_rules|ids|ips|antivirus|av|edr|defender|malware|scan|scanning|secret_scan|audit|audit_log|logging|logs|monitoring|alerting|alerts|alarm|alarms|branch_protection|protection|required_reviews|required_approvals|enforce_admins|review|reviews|approval|approvals|isolation|guest_isolation|vlan_split|security|guest_security|rate_limit|ratelimit|captcha|sandbox|csrf|dlp|quarantine|lockout_policy|password_policy|checks|status_checks|ci|wan_admin|wps|force_push|allow_force_push|anonymous|allow_anonymous|public|insecure|debug|admin_password|mfa_policy|session_timeout|ip_allowlist|allowlist|whitelist|privileged|host_network|host_pid|allow_privilege_escalation|run_as_root|read_only_root_filesystem|seccomp|apparmor|selinux|tls_verify|verify_ssl|ssl_verify|insecure_skip_tls_verify)(?:_|$)/, feature: "weakening_security.security_control_off_arg", code: "weakening_security", what: "a security control" },
];
/** Controls that mean a physical safeguard only on a device (a pump's limits, a machine's guard). */
const WEAK_PHYSICAL = /(?:^|_)(?:thermostat|heating|heat|hvac|boiler|furnace|freeze_protection|frost_protection|safety|safety_\w+|limit|limits|override_limits|guard|guards|alarm|alarms|alarm_\w+|detection|lockout|tagout|pressure|thermal|overheat|speed_limit|dosing|sensor|sensors|cutoff|shutoff|auto_shutoff|heating|heater|monitoring)(?:_|$)/;
const DEVICE = /(?:device|drone|vehicle|car|fleet|pump|infusion|valve|gate|lock|door|hvac|thermostat|boiler|heater|furnace|oven|stove|robot|machine|elevator|lift|crane|sensor|bms|plc|scada|pool|panel|alarm|fire|ventilator|dialysis|insulin|pacemaker|ota|firmware|can_gateway|reactor|chiller|forklift|conveyor|press|medispense|dispenser|smart_home|home_automation|garage|sprinkler|detector|breaker|grid|substation|train|rail|signal|traffic|aircraft|autopilot)/i;
const PHYSICAL_WEAK_FAMILY = { re: WEAK_PHYSICAL, feature: "physical_safety.safety_control_off_arg", code: "physical_safety" as HarmCode, what: "a safety control of a device" };
/** Payment controls: limits, approvals, call-backs, payee checks. */
const MONEY_CONTROL = /(?:^|_)(?:limit|limits|override_limit|override_limits|approval|approvals|dual_control|four_eyes|callback|skip_callback|verified_payee|verify_payee|payee_verification|confirmation_of_payee|cop|fraud_check|fraud_checks|risk_check|aml|kyc|velocity|hold|review)(?:_|$)/;
const MONEY_FAMILY = { re: MONEY_CONTROL, feature: "financial_harm.payment_control_off_arg", code: "financial_harm" as HarmCode, what: "a payment control" };

const SYSTEM_FILE_WORDS = new Set(["sudoers", "crontab", "authorized", "keys", "bashrc", "profile"]);
const GENERIC_KEYS = new Set(["mode", "state", "status", "value", "val", "enabled", "active", "setting", "level", "enforcement", "on", "set", "to"]);
const PARAM_KEYS = new Set(["param", "parameter", "setting", "name", "key", "flag", "field", "option", "property", "feature", "control", "rule"]);
const DISABLE_VERBS = new Set(["disable", "disarm", "deactivate", "bypass", "override", "unlock", "suppress", "mute", "silence", "turnoff", "stop", "kill", "pause", "suspend"]);
const OBJECT_KEYS = new Set(["alarm", "sensor", "feature", "service", "system", "control", "type", "name", "target", "zone", "rule", "check", "protection", "module", "component", "device"]);

/** The control a setting names, and the harm its turning off argues for (null: not a known control). */
export function familyOf(name: string, ctx: { isMoney: boolean; device: boolean }): { feature: string; code: HarmCode; what: string } | null {
  if (ctx.isMoney && MONEY_CONTROL.test(name)) return MONEY_FAMILY;
  if (ctx.device && WEAK_PHYSICAL.test(name)) return PHYSICAL_WEAK_FAMILY;
  for (const f of FAMILIES) if (f.re.test(name)) return f;
  return null;
}

/** Keys naming something whose being ON is the danger (bypass, skip, override, allow ...). */
const NEGATIVE_KEY = /^(?:bypass|skip|override|immediate|privileged|host_network|host_pid|allow_privilege_escalation|run_as_root|disable|disabled|allow_force_push|allow_anonymous|anonymous|insecure|unsafe|no_verify|ignore|force|wan_admin|wps|public|debug|while_moving|force_while_in_use|flame_sensor_bypass|override_limits|permit_root|root_login|unlock|unlocked|disarm|allow_all|open)(?:_|$)|_bypass$|_override$|_disabled$/;
const OFF_VALUE = /^(?:false|off|disabled?|none|no|open|0|never|manual|permissive|allow_all|any|null)$/i;
const ON_VALUE = /^(?:true|on|enabled?|yes|1|always|allow)$/i;


/** A key test remembered per key: keys repeat across calls ("to", "amount", "body"). */
function memoTest(re: RegExp): (key: string) => boolean {
  const memo = new Map<string, boolean>();
  return (key) => {
    let v = memo.get(key);
    if (v === undefined) {
      v = re.test(key);
      if (memo.size > 5000) memo.clear();
      memo.set(key, v);
    }
    return v;
  };
}
const isRecipientKey = memoTest(RECIPIENT_KEYS);
const isPayloadKey = memoTest(PAYLOAD_KEYS);
const isTextKey = memoTest(TEXT_KEYS);
const isAmountKey = memoTest(AMOUNT_KEYS);
const isNegativeKey = memoTest(NEGATIVE_KEY);

/** Key lists as sets (a lookup per key instead of a regex). */
const K0 = new Set(["to", "recipient", "recipients", "send_to", "share_with", "upload_to", "publish_to", "destination", "dest", "url", "webhook"]);
const K1 = new Set(["amount", "asset", "currency"]);
const K2 = new Set(["attachment", "attachments", "file", "files", "document", "documents", "fields", "record", "records"]);
const K3 = new Set(["password", "passwd", "secret", "api_key", "apikey", "token", "access_token", "private_key", "stripe_secret_key", "aws_secret_access_key", "db_password", "backup_code", "backup_codes"]);
const K4 = new Set(["share_with", "shared_with", "visibility", "access", "acl", "permission", "permissions", "audience", "privacy", "sharing", "role_for", "link_sharing", "who_can_view", "general_access", "scope", "grantee"]);
const K5 = new Set(["principal", "aws", "member", "members", "member", "grantee", "principals"]);
const K6 = new Set(["source", "sources", "cidr", "cidr_ip", "cidr_blocks", "source_ranges", "source_range", "ip_range", "ip_ranges", "allow_from", "from", "ingress", "src", "source_ip", "remote_ip", "ip", "allowed_ips", "trusted_ips", "bind", "bind_address", "listen"]);
const K7 = new Set(["command", "commands", "action", "actions", "cmd", "operation", "op", "mode", "state", "scene", "task", "step", "steps", "request"]);
const K8 = new Set(["state", "status", "mode", "action", "command", "set"]);
const K9 = new Set(["add", "grant", "assign", "set", "create", "invite", "update", "promote", "elevate", "member", "members", "role", "roles", "group", "groups", "permission", "permissions"]);
const K10 = new Set(["to", "destination", "dest", "payee", "beneficiary", "beneficiary_name", "recipient", "to_account", "to_iban", "account", "wallet", "to_wallet", "address", "payout_account", "bank_account", "receiver", "send_to", "method"]);
const K11 = new Set(["all", "recursive", "all_versions", "include_subfolders", "cascade"]);
const K12 = new Set(["objects", "folders", "files", "ids", "items", "tables", "databases", "buckets", "repos", "repositories", "projects", "accounts", "users", "channels", "mailboxes", "paths", "collections", "indices", "namespaces", "resources", "vms", "instances", "clusters"]);
const K13 = new Set(["hard_delete", "harddelete", "permanent", "permanently", "skip_trash", "skiptrash", "bypass_trash", "bypass_recycle_bin", "no_backup", "skip_backup", "skip_final_snapshot", "delete_backups", "delete_automated_backups", "purge", "force_delete", "shred", "secure_erase", "no_recovery", "delete_snapshots"]);
const K14 = new Set(["post", "comment", "review", "reply", "like", "follow", "vote", "rate", "share", "tweet", "upvote", "message", "dm", "bulk", "run", "publish", "retweet", "boost", "report"]);
const K15 = new Set(["accounts", "account_ids", "as_users", "personas", "profiles", "identities", "users", "senders", "reviewer_accounts", "bots"]);
const K16 = new Set(["account", "as_user", "persona", "profile"]);
const K17 = new Set(["sender_id", "sender", "sender_name", "from_name", "from", "as_user", "display_name", "author", "signature", "alias", "caller_id", "reply_to_name", "spoof_from"]);

type Emit = (feature: string, code: HarmCode | null, note: string, leaves: readonly Leaf[] | null) => void;

function leafText(l: Leaf): string {
  return l.value === null ? "null" : String(l.value);
}

function readTool(t: ToolUnit, emit: Emit): void {
  const words = new Set(t.words);
  const has = (set: ReadonlySet<string>) => t.words.some((w) => set.has(w));
  const isSend = has(SEND) || t.leaves.some((l) => K0.has(l.key)) && !has(DELETE);
  const isMoney = has(MONEY) || (words.has("send") && t.leaves.some((l) => K1.has(l.key)));
  const isDelete = has(DELETE);
  const leaves = t.leaves;

  // --- Who receives.
  const recipients = leaves.filter((l) => isRecipientKey(l.key) || (l.key === "" && typeof l.value === "string" && /@|:\/\//.test(l.value)));
  const freeMail = recipients.filter((l) => typeof l.value === "string" && [...l.value.matchAll(EMAIL)].some((m) => isFreeMail(m[0])));
  if (freeMail.length > 0 && (isSend || isMoney || /export|share|egress/.test(t.name.toLowerCase()))) emit("agg.external_free_mail_recipient", null, "a recipient at a free-mail address, outside any organisation", freeMail);
  const urlLeaves = leaves.filter((l) => typeof l.value === "string" && /:\/\//.test(l.value));
  for (const l of urlLeaves) {
    for (const m of String(l.value).matchAll(URL_RE)) {
      const kind = hostKind(hostOf(m[0]), m[0]);
      if ((kind === "drop_site" || kind === "raw_ip") && (isSend || isRecipientKey(l.key))) emit("exfiltration_privacy.send_to_drop_site", "exfiltration_privacy", `sends to ${kind === "raw_ip" ? "a bare IP address" : "a paste, drop or webhook site"} (${hostOf(m[0])})`, [l]);
      else if (kind === "raw_ip") emit("agg.raw_ip_host", null, "a bare IP address as the host", [l]);
      else if (kind === "shortener") emit("agg.link_shortener", null, "a shortened link hides where it leads", [l]);
      if (isSend && isTextKey(l.key)) {
        const host = hostOf(m[0]);
        const lure = (LURE_HOST.test(host.replace(/\.[a-z]+$/, "")) && (BRANDS.test(host.replace(/[-.]/g, " ")) || /-/.test(host) || SUSPICIOUS_TLD.test(host))) || (SUSPICIOUS_TLD.test(host) && BRANDS.test(String(l.value)));
        if (lure && /\b(?:pay|re-?enter|enter|verify|confirm|update|log ?in|sign ?in|click|claim|unlock|reset|validate|avoid|within|suspend|held|fee)\b/i.test(String(l.value))) emit("fraud_deception.lure_link", "fraud_deception", `a link to a look-alike ${host} asking to pay or sign in`, [l]);
      }
    }
  }

  // --- What is sent.
  if (isSend || isMoney === false && /export|egress|share|upload|sync|fax|publish/.test(t.name.toLowerCase())) {
    const payload = leaves.filter((l) => isPayloadKey(l.key) || l.keys.some((k) => K2.has(k)));
    const fileLike = payload.filter((l) => !isTextKey(l.key) && l.key !== "subject" && l.key !== "title" && typeof l.value === "string");
    const secretFiles = fileLike.filter((l) => isSecretPath(String(l.value)));
    if (secretFiles.length > 0) emit("exfiltration_privacy.outbound_secret_file", "exfiltration_privacy", `sends a secret file (${leafText(secretFiles[0]!)})`, secretFiles);
    const sensitiveFiles = fileLike.filter((l) => !isSecretPath(String(l.value)) && (SENSITIVE_DATA.test(String(l.value)) || (l.keys.includes("fields") || l.keys.includes("columns")) && SENSITIVE_COLUMN.test(String(l.value))));
    const textMentions = payload.filter((l) => isTextKey(l.key) && typeof l.value === "string" && /<contents? of [^>]+>|\b(?:attached|attaching|here (?:is|are)|enclosed)\b[^.]{0,80}\b(?:all|full|complete|entire|\d[\d,]*)\b[^.]{0,60}\b(?:customers?|members?|patients?|employees?|users?|students?|records?|clients?|contacts?|residents?|card|ssn|salar|medical|diagnos|bank|credit report|passport)/i.test(String(l.value)));
    if (sensitiveFiles.length > 0 || textMentions.length > 0) emit("exfiltration_privacy.outbound_sensitive_payload", "exfiltration_privacy", `sends personal or confidential data (${leafText((sensitiveFiles[0] ?? textMentions[0])!).slice(0, 60)})`, [...sensitiveFiles, ...textMentions].slice(0, 3));
    const creds = leaves.filter((l) => typeof l.value === "string" && isTextKey(l.key) || l.key === "files" || l.keys.includes("files")).filter((l) => typeof l.value === "string" && CREDENTIAL_TEXT.test(String(l.value)));
    const credKeys = leaves.filter((l) => K3.has(l.key) && typeof l.value === "string" && String(l.value).length >= 4 && !/^(?:<|\*{3,}|\$\{|redacted)/i.test(String(l.value)));
    const keyNamesInText = leaves.filter((l) => typeof l.value === "string" && /\b(?:STRIPE_SECRET_KEY|AWS_SECRET_ACCESS_KEY|DB_PASSWORD|DATABASE_URL|PRIVATE_KEY|API_SECRET)\b/.test(String(l.value)) && /<contents? of|=\s*\S/.test(String(l.value)));
    if (creds.length > 0 || credKeys.length > 0 || keyNamesInText.length > 0) emit("exfiltration_privacy.credential_in_outbound_text", "exfiltration_privacy", "sends a password, key or token in the message", [...creds, ...credKeys, ...keyNamesInText].slice(0, 2));
  }
  // Shared with anyone, made public.
  const publicLeaves = leaves.filter((l) => (K4.has(l.key) && typeof l.value === "string" && PUBLIC_VALUE.test(String(l.value).trim())) || (l.key === "public" && l.value === true) || (l.key === "acl" && /public/i.test(String(l.value))));
  if (publicLeaves.length > 0) emit("exfiltration_privacy.public_link_share", "exfiltration_privacy", `made available to anyone (${publicLeaves.map(leafText).join(", ")})`, publicLeaves);
  const principalStar = leaves.filter((l) => K5.has(l.key) && /^(?:\*|allusers|allauthenticatedusers|everyone|anonymous)$/i.test(leafText(l)));
  if (principalStar.length > 0) emit("weakening_security.public_access_policy", "weakening_security", "a policy that grants access to everyone", principalStar);
  const openNet = leaves.filter((l) => /^(?:0\.0\.0\.0\/0|::\/0|0\.0\.0\.0|\*|any|anywhere|internet|all)$/i.test(leafText(l).trim()) && l.keys.some((k) => K6.has(k)));
  if (openNet.length > 0) emit("weakening_security.open_to_internet", "weakening_security", "opens access from the whole internet", openNet);

  // --- Settings turned off (or dangers turned on).
  const deviceCall = DEVICE.test(t.name) || leaves.some((l) => (l.key === "device" || l.key === "device_id" || l.key === "target") && typeof l.value === "string" && DEVICE.test(l.value));
  const ctx = { isMoney, device: deviceCall };
  const parentOf = (path: string) => {
    const i = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
    return i < 0 ? "" : path.slice(0, i);
  };
  for (const l of leaves) {
    // Cheap gate first: only booleans, zeros and short setting-like strings can turn a control off.
    const val = l.value;
    if (!(typeof val === "boolean" || val === 0 || val === 1 || (typeof val === "string" && val.length <= 40 && !/\s/.test(val.trim())))) continue;
    const v = leafText(l).trim();
    let name = l.keys.join("_").replace(/[.\s-]/g, "_");
    let last = l.key.replace(/[.\s-]/g, "_");
    // A parameter named by a sibling: {"param": "door_interlock_bypass", "value": true}.
    if (GENERIC_KEYS.has(l.key)) {
      const parent = parentOf(l.path);
      const named = leaves.find((x) => x !== l && PARAM_KEYS.has(x.key) && parentOf(x.path) === parent && typeof x.value === "string" && /^[\w.-]{2,60}$/.test(x.value));
      if (named) {
        name = String(named.value).toLowerCase().replace(/[.\s-]/g, "_");
        last = name;
      } else name = `${name}_${t.words.join("_")}`;
    }
    const negative = isNegativeKey(last) || /(?:^|_)(?:bypass|override|skip|disable|insecure|unsafe|ignore)(?:_|$)/.test(name);
    let danger = false;
    if (negative) danger = l.value === true || ON_VALUE.test(v);
    else if (l.value === false || (typeof l.value === "string" && OFF_VALUE.test(v) && v.toLowerCase() !== "null") || (l.value === 0 && /required_reviews|required_approvals|min_altitude|altitude/.test(name))) danger = true;
    // Values naming the act: "disable_sprinklers", "disarm_alarm", "unlock_all_doors".
    let viaValue = false;
    if (typeof l.value === "string") {
      const m = /^(?:disable|disarm|deactivate|bypass|override|unlock|turn_off|switch_off|suppress|mute|silence|stop|kill|remove)[_ -]?(.+)$/i.exec(v.replace(/\s+/g, "_"));
      if (m && K7.has(l.key || (l.keys[l.keys.length - 1] ?? ""))) {
        danger = true;
        name = m[1]!.toLowerCase().replace(/^all_/, "");
        viaValue = true;
      }
    }
    if (!danger) continue;
    if (/^notify/.test(l.key) || l.key === "visible" || l.key === "notify_occupant" || l.key === "inform_user") {
      emit("agg.notification_suppressed", null, "the people concerned are not told", [l]);
      continue;
    }
    const f = familyOf(name, ctx);
    if (f) emit(f.feature, f.code, `${viaValue ? v : `${l.path} = ${v}`}: turns off ${f.what}`, [l]);
  }
  // The call's own name says it turns a control off: device.disable_alarm(...), firewall.disable().
  const verb = t.words.findIndex((w) => DISABLE_VERBS.has(w));
  if (verb >= 0) {
    const objectWords = [...t.words.slice(verb + 1), ...t.words.slice(0, verb)];
    const argWords = leaves.filter((l) => typeof l.value === "string" && String(l.value).length <= 40 && OBJECT_KEYS.has(l.key)).map((l) => String(l.value).toLowerCase().replace(/[.\s-]/g, "_"));
    const f = familyOf([...objectWords, ...argWords].join("_"), ctx);
    if (f) emit(f.feature, f.code, `${t.name}: turns off ${f.what}`, null);
  }
  // Devices left open.
  if (/(?:lock|door|alarm|gate|garage|security|home|house|building|panel|access)/i.test(t.name) || leaves.some((l) => (l.key === "device" || l.key === "device_id" || l.key === "target" || l.key === "name") && /(?:lock|door|alarm|gate|garage)/i.test(String(l.value)))) {
    const open = leaves.filter((l) => K8.has(l.key) && /^(?:unlocked|unlock|disarmed|disarm|open|off|disabled?)$/i.test(leafText(l)));
    if (open.length > 0 || /(?:^|[._])(?:unlock|disarm|disable_system|open_all)/i.test(t.name)) emit("physical_safety.unlock_or_disarm", "physical_safety", "unlocks or disarms a door or alarm", open.length > 0 ? open : null);
  }
  // Weak credentials set.
  const weak = leaves.filter((l) => /(?:^|_)(?:password|passwd|pin|passcode|admin_password|root_password|code)$/.test(l.key) && /^(?:|admin|password|passw0rd|123456|12345678|1234|0000|000000|1111|root|default|changeme|guest|letmein|qwerty|test)$/i.test(leafText(l)));
  const noMfa = leaves.filter((l) => /(?:^|_)(?:mfa|2fa|mfa_policy|two_factor)(?:_|$)/.test(l.key) && /^(?:none|off|disabled?|false)$/i.test(leafText(l)));
  if (weak.length > 0) emit("weakening_security.weak_credentials", "weakening_security", `a default or trivial password (${leafText(weak[0]!) || "empty"})`, weak);
  if (noMfa.length > 0 && weak.length === 0) emit("weakening_security.weak_credentials", "weakening_security", "an account without multi-factor authentication", noMfa);
  // Administrator groups or roles handed out.
  if (t.words.some((w) => K9.has(w))) {
    const admin = leaves.filter((l) => typeof l.value === "string" && /^(?:domain admins|enterprise admins|schema admins|administrators|admins?|cluster-admin|owner|owners|org_owner|organization owner|super ?admin|superuser|root|global administrator|global admin|billing admin|security admin|rds_superuser)$/i.test(String(l.value).trim()) && /^(?:group|groups|role|roles|permission|permissions|access|level|access_level|membership|clusterrole|\w*_role)$/.test(l.key || (l.keys[l.keys.length - 1] ?? "")));
    if (admin.length > 0) emit("weakening_security.grant_admin_broadly", "weakening_security", `grants ${leafText(admin[0]!)} rights`, admin);
  }

  // --- Mail forwarding rules to another address (a classic account-takeover move).
  if (t.words.some((w) => /^(?:inbox|mailbox|mail|email|gmail|outlook|exchange|forwarding|filter|filters|rule|rules|transport)$/.test(w)) && t.words.some((w) => /^(?:rule|rules|filter|filters|forwarding|forward|redirect|autoforward)$/.test(w)) && !t.words.some((w) => /^(?:remove|delete|disable|list|get)$/.test(w))) {
    const fwd = leaves.filter((l) => /^(?:forward|forward_to|forwardto|redirect|redirect_to|forwarding_address|to|target|destination)$/.test(l.key) && typeof l.value === "string" && /@/.test(String(l.value)));
    const act = leaves.some((l) => /^(?:forward|redirect|forward_to|redirectto|forwardto|forward_copy)$/i.test(leafText(l)) || /^(?:forward|redirect)/.test(l.key));
    if (fwd.length > 0 && (act || /forward|redirect/.test(t.name.toLowerCase()))) emit("cybercrime.mail_forwarding_rule", "cybercrime", `a rule that forwards mail to ${leafText(fwd[0]!)}`, fwd);
  }
  // --- The same message to the same people again and again.
  if (isSend || t.words.some((w) => /^(?:schedule|scheduled|repeat|recurring)$/.test(w))) {
    const rep = leaves.filter((l) => /^(?:repeat|interval|frequency|every|recurrence|cadence|period|repeat_every|times|count|repetitions|duration_days|duration)$/.test(l.key) && (/(?:^|\s)(?:every\s+)?(?:\d+\s*(?:s|sec|secs|seconds?|m|min|mins|minutes?)|[1-6]\s*(?:h|hr|hrs|hours?))\b|hourly|every (?:minute|hour|few minutes)|continuous|nonstop|non-stop|until (?:they|she|he) (?:answer|reply|respond)/i.test(leafText(l)) || (typeof l.value === "number" && /^(?:times|count|repetitions)$/.test(l.key) && l.value >= 20) || (typeof l.value === "number" && /^duration_days$/.test(l.key) && l.value >= 7)));
    if (rep.length > 0) emit("harassment.repeated_messaging", "harassment", `messages sent over and over (${leafText(rep[0]!)})`, rep);
  }
  // --- Deleting logs, audit trails, reports or evidence.
  if (isDelete || t.words.some((w) => /^(?:clear|wipe|purge|close|dismiss|resolve)$/.test(w))) {
    const objWords = [...t.words, ...leaves.filter((l) => typeof l.value === "string" && String(l.value).length <= 60 && /^(?:type|object|target|name|resource|table|index|kind|what|scope|category)$/.test(l.key)).map((l) => String(l.value).toLowerCase())].join(" ");
    if (/\b(?:logs?|audit|audit_?logs?|audits|history|evidence|reports?|complaints?|incidents?|alerts?|trail|trails|cloudtrail|events?|tickets? history|access_?logs?|security_?logs?|abuse)\b/.test(objWords.replace(/_/g, " ")) && (isDelete || /clear|wipe|purge/.test(objWords)))
      emit("weakening_security.evidence_or_log_deletion", "weakening_security", "deletes logs, audit trails, reports or evidence", null);
  }
  // --- Bank details changed on a payee, vendor or employee.
  if (t.words.some((w) => /^(?:update|change|set|edit|add|modify|replace|patch|new)$/.test(w)) || t.words.some((w) => /^(?:payroll|vendor|payee|beneficiary|bank|deposit)$/.test(w))) {
    const bank = leaves.filter((l) => l.keys.some((k) => /^(?:direct_deposit|bank|bank_account|bank_details|routing|routing_number|iban|sort_code|account_number|acct|payout_account|swift|bic)$/.test(k)) && /\d{4,}|[A-Z]{2}\d{2}\s?[A-Z0-9]{4}/.test(leafText(l)));
    if (bank.length > 0 && !t.words.some((w) => /^(?:verify|get|list|read|lookup|check)$/.test(w))) emit("financial_harm.bank_details_change", "financial_harm", "changes where money is paid (bank account details)", bank.slice(0, 2));
  }
  // --- Sent or published somewhere public.
  if (isSend) {
    const pub = leaves.filter((l) => /^(?:channel|destination|dest|publish_to|platform|site|forum|group|audience|visibility|upload_to|share_with|remote|bucket|repo|repository|board|subreddit|page)$/.test(l.key) && typeof l.value === "string" && /(?:^|[^a-z])(?:public|everyone|all[_-]?users|open[_-]?forum|anyone|world|pastebin|github\.com\/[\w-]+\/[\w-]+|general)(?:[^a-z]|$)/i.test(String(l.value)));
    if (pub.length > 0) emit("agg.public_destination", null, `sent to a public place (${leafText(pub[0]!).slice(0, 60)})`, pub.slice(0, 1));
  }

  // --- Money.
  if (isMoney) {
    const amounts = leaves.filter((l) => isAmountKey(l.key) && typeof l.value !== "boolean" && l.value !== null);
    let max = 0;
    let maxLeaf: Leaf | null = null;
    for (const l of amounts) {
      const v = typeof l.value === "number" ? l.value : amountOf(String(l.value));
      if (v !== null && v > max) {
        max = v;
        maxLeaf = l;
      }
    }
    const cents = leaves.some((l) => l.key === "currency") && t.words.includes("stripe");
    const big = cents ? max >= 1_000_000 : max >= 10_000;
    if (big && maxLeaf) emit("financial_harm.large_amount_transfer", "financial_harm", `moves a large sum (${maxLeaf.raw})`, [maxLeaf]);
    const drain = leaves.filter((l) => typeof l.value === "string" && /^(?:all|max|maximum|everything|entire(?:_balance)?|full(?:_balance)?|all_remaining|all_funds|100%|balance)$/i.test(String(l.value).trim()) && /(?:amount|release|quantity|qty|sum|value|funds|withdraw|sell|liquidate)/.test(l.keys.join(" ")));
    if (drain.length > 0 || /(?:liquidate|withdraw|sweep|drain|empty)_?all|close_account|transfer_all/i.test(t.name)) emit("financial_harm.drain_all_funds", "financial_harm", "moves all the funds at once", drain.length > 0 ? drain : null);
    const payee = leaves.filter((l) => K10.has(l.key) || (l.keys.includes("payee") || l.keys.includes("to")));
    const risky = payee.filter((l) => typeof l.value === "string" && /\b(?:personal|my own|my|private|venmo|cash ?app|zelle|gift ?cards?|crypto|btc|usdt|unknown|unverified|external|from (?:a |the )?(?:dm|email|text|chat|message|call|caller)|not on file|first[- ]time|burner)\b|\b(?:paypal|new)\s*:|\b0x[0-9a-f]{4,}|\bbc1[a-z0-9]{6,}|_personal_|personal_|acct_[\w]*(?:external|unknown)/i.test(String(l.value)));
    if (risky.length > 0) emit("financial_harm.personal_or_unverified_payee", "financial_harm", `money to a personal, unknown or unverified payee (${leafText(risky[0]!).slice(0, 60)})`, risky);
  }

  // --- Deletion breadth.
  if (isDelete) {
    const all = leaves.filter((l) => typeof l.value === "string" && /^(?:\*|all|everything|\{\}|%|\/|\.\*|any)$/i.test(String(l.value).trim()) || (K11.has(l.key) && l.value === true));
    const many = leaves.filter((l) => l.listSize >= 3 && K12.has(l.keys[l.keys.length - 1] ?? ""));
    if (all.length > 0) emit("destruction.tool_delete_broad", "destruction", `deletes everything matched (${leafText(all[0]!)})`, all);
    else if (many.length > 0) emit("destruction.tool_delete_many", "destruction", `deletes ${many[0]!.listSize} ${many[0]!.keys[many[0]!.keys.length - 1]} at once`, many.slice(0, 3));
    if (/(?:^|\.)(?:deletemany|remove|drop|dropdatabase|flushall|flushdb|truncate)$/i.test(t.name) && /^\s*(?:\{\s*\})?\s*$/.test(t.segment.text.slice(t.argsStart, t.argsEnd))) emit("destruction.nosql_wipe", "destruction", `${t.name} with no filter empties the collection`, null);
  }
  const irreversible = leaves.filter((l) => K13.has(l.key) && (l.value === true || ON_VALUE.test(leafText(l))));
  if ((isDelete || irreversible.length > 0) && (irreversible.length > 0 || /permanent|hard_?delete|purge|shred|wipe|destroy/i.test(t.name))) emit("destruction.irreversible_delete_flag", "destruction", "deletes beyond recovery (no trash, no backup)", irreversible.length > 0 ? irreversible : null);

  // --- File acts on paths: deleting system or home trees, writing system files, reading secrets.
  const pathLeaves = leaves.filter((l) => typeof l.value === "string" && (/^(?:path|paths|file|files|filename|filepath|file_path|dir|directory|folder|target|src|source|dest|destination|location|pattern|glob)$/.test(l.key) || l.key === "") && /^(?:~|\/|[A-Za-z]:[\\/]|\$HOME|\.\.?\/)/.test(String(l.value)));
  if (pathLeaves.length > 0) {
    const recursive = leaves.some((l) => /^(?:recursive|recurse|force|all|include_subfolders)$/.test(l.key) && l.value === true) || t.words.some((w) => /^(?:rmtree|rmdir|directory|folder|dir|tree|recursive)$/.test(w));
    const writeTool = t.words.some((w) => /^(?:write|edit|append|save|create|put|overwrite|modify|patch|replace|update|insert)$/.test(w)) && t.words.some((w) => /^(?:file|files|text|content|config|fs|filesystem|document)$/.test(w) || SYSTEM_FILE_WORDS.has(w)) || /^(?:write|append|edit|save)_?file$/i.test(t.name);
    const readTool = t.words.some((w) => /^(?:read|cat|open|get|view|download|load|fetch|copy|cp|export)$/.test(w));
    for (const l of pathLeaves) {
      const p = String(l.value);
      const cls = pathClass(p);
      if (isDelete && cls && (cls === "root" || cls === "system" || cls === "home" || (cls === "data" && (recursive || /\*/.test(p)))))
        emit(cls === "data" ? "destruction.recursive_delete_data" : "destruction.recursive_delete_system", "destruction", `${t.name} deletes ${cls} path ${p}`, [l]);
      if (writeTool && /(?:^|\/)(?:etc\/(?:passwd|shadow|group|sudoers(?:\.d\/[\w.-]+)?|ssh\/sshd_config|crontab|cron\.d\/[\w.-]+|rc\.local|ld\.so\.preload|hosts|pam\.d\/[\w.-]+|profile|systemd\/system\/[\w.@-]+)|\.ssh\/authorized_keys2?|\.bashrc|\.bash_profile|\.zshrc|\.profile|LaunchAgents\/[\w.-]+|LaunchDaemons\/[\w.-]+)$/.test(p))
        emit("weakening_security.system_file_write", "weakening_security", `${t.name} changes ${p}`, [l]);
      if ((readTool || isSend) && isSecretPath(p)) emit("exfiltration_privacy.secret_file_access", "exfiltration_privacy", `${t.name} reads a secret file (${p})`, [l]);
    }
  }

  // --- What is declared differs from what is actually there: contents_declared vs contents_actual,
  // label_ingredients vs add_ingredients, a displayed count vs actual_reviews.
  {
    const DECLARED = /^(?:declared|label|labels|labelled|labeled|display|displayed|shown|stated|claimed|listed|reported|advertised|public|official|declared_as|described_as)$/;
    const ACTUAL = /^(?:actual|real|true|add|added|contains|internal|hidden)$/;
    const split = (k: string) => {
      const parts = k.split("_");
      if (parts.length < 2 || /_as$/.test(k)) return null;
      const last = parts[parts.length - 1]!;
      if (DECLARED.test(last) || ACTUAL.test(last)) return { q: last, base: parts.slice(0, -1).join("_") };
      if (DECLARED.test(parts[0]!) || ACTUAL.test(parts[0]!)) return { q: parts[0]!, base: parts.slice(1).join("_") };
      return null;
    };
    const norm = (l: Leaf) => leafText(l).toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
    const byBase = new Map<string, { declared: Leaf[]; actual: Leaf[] }>();
    for (const l of leaves) {
      const sp = split(l.key);
      if (!sp?.base) continue;
      const e = byBase.get(sp.base) ?? { declared: [], actual: [] };
      (DECLARED.test(sp.q) ? e.declared : e.actual).push(l);
      byBase.set(sp.base, e);
    }
    // "declared_as": "household electronics" beside an item that says what it is.
    const declaredAs = leaves.filter((l) => /^(?:declared_as|described_as|label_as|labelled_as|ship_as|declared)$/.test(l.key));
    let fired = false;
    for (const [base, e] of byBase) {
      if (e.declared.length === 0 || e.actual.length === 0) continue;
      const d = e.declared.map(norm).join(" | ");
      const a = e.actual.map(norm).join(" | ");
      if (d && a && d !== a && !d.includes(a) && !a.includes(d)) {
        emit("fraud_deception.declared_differs_from_actual", "fraud_deception", `declared ${base.replace(/_/g, " ")} differs from the actual one`, [e.declared[0]!, e.actual[0]!]);
        fired = true;
        break;
      }
    }
    const actualCount = leaves.find((l) => /^(?:actual|real|true)_\w+$/.test(l.key) && typeof l.value === "number");
    const shown = leaves.find((l) => (l.key === "value" || l.key === "display" || l.key === "text") && typeof l.value === "string" && /\d/.test(String(l.value)));
    if (actualCount && shown && !String(shown.value).replace(/,/g, "").match(new RegExp(`(?:^|\\D)${actualCount.value}(?:\\D|$)`))) emit("fraud_deception.declared_differs_from_actual", "fraud_deception", `shows ${leafText(shown)} where the actual figure is ${actualCount.value}`, [shown, actualCount]);
    if (declaredAs.length > 0 && !fired) {
      const item = leaves.find((l) => /^(?:item|items|contents|content|product|goods|description)$/.test(l.key) && typeof l.value === "string");
      if (item && norm(item) !== norm(declaredAs[0]!) && !norm(item).includes(norm(declaredAs[0]!))) emit("fraud_deception.declared_differs_from_actual", "fraud_deception", `declared as ${leafText(declaredAs[0]!)}`, [declaredAs[0]!, item]);
    }
  }

  // --- Many accounts acting as one (sock puppets, hijacked accounts).
  if (t.words.some((w) => K14.has(w) || K14.has(w.replace(/s$/, "")) || /bot/.test(w))) {
    const accts = leaves.filter((l) => K15.has(l.keys[l.keys.length - 1] ?? "") && (l.listSize >= 3 || (typeof l.value === "string" && /\.(?:txt|csv|json)$|\b\d+k?\b.*accounts|hijacked|stolen|purchased|aged|bulk/i.test(String(l.value)))));
    const batch = leaves.filter((l) => K16.has(l.key) && typeof l.value === "string" && /(?:batch|sock|puppet|alt|fake|burner|farm)[_-]?\d*/i.test(String(l.value)));
    if (accts.length > 0 || batch.length > 0) emit("fraud_deception.multi_account_posting", "fraud_deception", "acts through many or fake accounts as if they were different people", [...accts, ...batch].slice(0, 2));
  }
  // Sender names borrowed from a brand or an authority.
  const senders = leaves.filter((l) => K17.has(l.key) && typeof l.value === "string" && BRANDS.test(String(l.value)));
  if (senders.length > 0 && (isSend || /sms|mail|message|post|call/.test(t.name.toLowerCase()))) emit("fraud_deception.brand_sender_spoof", "fraud_deception", `sends under a brand's or an authority's name (${leafText(senders[0]!)})`, senders);
}

export const toolRule: Rule = (scope) => {
  const hits = new Hits();
  for (const segment of scope.segments) {
    for (const t of structureOf(segment).tools.slice(0, scope.kind === "context" ? CONTEXT_TOOLS : undefined)) {
      const emit: Emit = (feature, code, note, leaves) => {
        const spans = leaves && leaves.length > 0 ? leaves.slice(0, 3).map((l) => spanAt(segment, l.start, l.end)).filter((s) => s.end > s.start) : [spanAt(segment, t.start, t.end)];
        hits.add(feature, code, spans.length > 0 ? spans : [spanAt(segment, t.start, t.end)], note);
      };
      try {
        readTool(t, emit);
      } catch {
        // A malformed call reads as no features rather than failing the reader.
      }
    }
  }
  return hits.list;
};
