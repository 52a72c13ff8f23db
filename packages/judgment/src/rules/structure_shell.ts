import { CONTEXT_UNITS, structureOf } from "../structure/code";
import { Hits, spanAt } from "../structure/emit";
import { flags, operands, readShell, type Cmd, type ShellReading } from "../structure/shell";
import { hostKind, hostOf, isSecretPath, pathClass, PUBLIC_IP, SENSITIVE_DATA, URL_RE, type PathClass } from "../structure/targets";
import type { HarmCode, Rule, Segment } from "../types";
import { readSql } from "../structure/sql";
import { readStatement } from "./structure_sql";
import { familyOf } from "./structure_tool";

/** Files whose change gives control of the machine: accounts, sudo, SSH, startup and scheduled jobs. */
export const SYSTEM_FILE = /(?:^|\/)(?:etc\/(?:passwd|shadow|group|gshadow|sudoers(?:\.d\/[\w.-]+)?|ssh\/sshd_config|crontab|cron\.(?:d|daily|hourly)\/[\w.-]+|rc\.local|ld\.so\.preload|hosts|resolv\.conf|pam\.d\/[\w.-]+|profile|bash\.bashrc|environment|security\/[\w.-]+|systemd\/system\/[\w.@-]+)|\.ssh\/authorized_keys2?|\.bashrc|\.bash_profile|\.zshrc|\.profile|\.bash_login|Library\/LaunchAgents\/[\w.-]+|Library\/LaunchDaemons\/[\w.-]+|var\/spool\/cron\/[\w.-]*)$/;
/** Database clients and the flag that carries a statement. */
const SQL_CLIENTS: Record<string, RegExp> = { psql: /^(?:-c|--command)$/, mysql: /^(?:-e|--execute)$/, mariadb: /^(?:-e|--execute)$/, sqlcmd: /^(?:-q|-Q)$/i, "clickhouse-client": /^(?:-q|--query)$/, cqlsh: /^(?:-e|--execute)$/, snowsql: /^(?:-q|--query)$/, bq: /^query$/, sqlite3: /^$/ };

/**
 * Shell features: what a command does (delete, wipe, open permissions, pipe a remote script into
 * a shell, stop a firewall, clear logs, force-push, tear down infrastructure, attack, upload
 * secrets) and how broadly (root, system, home or data paths; wildcards; no filter).
 */

type Emit = (feature: string, code: HarmCode, note: string, cmd?: Cmd | { start: number; end: number }) => void;

const BROAD: ReadonlySet<PathClass> = new Set(["root", "system", "home"]);
const DOWNLOADERS = new Set(["curl", "wget", "fetch", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "http", "https", "aria2c", "lwp-download", "certutil"]);
const INTERPRETERS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python2", "python3", "perl", "ruby", "node", "php", "iex", "invoke-expression", "powershell", "pwsh", "source", "."]);
const SECURITY_SERVICES =
  /^(?:firewalld|ufw|iptables|ip6tables|nftables|netfilter-persistent|auditd|audit|apparmor|selinux|fail2ban|sshguard|crowdsec|clamav[\w-]*|clamd|freshclam|falcon-sensor|falcond|cbagentd|cb-?defense|sentinel(?:one|agent)?|mdatp|wdavdaemon|windefend|sense|wscsvc|mpssvc|osqueryd|wazuh-agent|wazuh-manager|ossec|ossec-hids|aide|tripwire|snort|suricata|zeek|bro|rkhunter|chkrootkit|elastic-agent|filebeat|auditbeat|splunkd|splunkforwarder|nessusagent|qualys-cloud-agent|cylancesvc|sophos[\w-]*|esets|avast|kaspersky|mcafee[\w-]*|symantec[\w-]*|carbonblack|teleport|vault|rsyslog|syslog-ng|syslog|systemd-journald|journald|eventlog)(?:\.service)?$/i;
const DISK_DEVICE = /^\/dev\/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/|loop\d|sr\d)/i;
const LOG_PATH = /(?:^|\/)(?:var\/log(?:\/|$)|log\/audit|auth\.log|secure$|wtmp|btmp|lastlog|utmp|messages$|syslog|audit\.log|\.bash_history|\.zsh_history|\.history|\.python_history|\.mysql_history|\.psql_history|\.lesshst|\.viminfo|ConsoleHost_history\.txt|\.sh_history|\.local\/share\/fish\/fish_history)/i;
const PROTECTED_BRANCH = /^(?:\+?(?:refs\/heads\/)?(?:main|master|prod|production|release(?:[/-][\w.-]+)?|trunk|develop|live|stable|default)|HEAD(?::(?:main|master|prod|production))?|:?(?:main|master))$/i;

function worstPath(paths: readonly string[]): { cls: PathClass | null; path: string } {
  const order: PathClass[] = ["root", "system", "home", "data", "wildcard", "local", "temp"];
  let best: { cls: PathClass | null; path: string } = { cls: null, path: "" };
  for (const p of paths) {
    const c = pathClass(p);
    if (c && (best.cls === null || order.indexOf(c) < order.indexOf(best.cls))) best = { cls: c, path: p };
  }
  return best;
}

const isWildcard = (p: string) => /\*/.test(p);

/** Read one simple command. */
function readCmd(cmd: Cmd, reading: ShellReading, emit: Emit, raw: string): void {
  const a = cmd.lower;
  const a0 = (a[0] ?? "").replace(/^.*[/\\]/, "").replace(/\.exe$/, "");
  const { short, long } = flags(cmd);
  const ops = operands(cmd);
  const sudo = cmd.elevated ? " with sudo" : "";

  // --- Deletion of broad, system or data paths.
  const recursive = short.has("r") || short.has("R") || long.has("--recursive") || short.has("s") && (a0 === "rd" || a0 === "rmdir" || a0 === "del");
  if (a0 === "rm" || a0 === "rmdir" || a0 === "rd" || a0 === "del" || a0 === "erase" || a0 === "unlink" || a0 === "srm") {
    const noPreserve = long.has("--no-preserve-root");
    const { cls, path } = worstPath(ops);
    if (noPreserve || ((recursive || isWildcard(path)) && cls !== null && BROAD.has(cls))) emit("destruction.recursive_delete_system", "destruction", `recursive delete of ${noPreserve ? "the root filesystem" : `${cls} path ${path}`}${sudo}`, cmd);
    else if (cls === "data" && (recursive || isWildcard(path))) emit("destruction.recursive_delete_data", "destruction", `recursive delete of data path ${path}${sudo}`, cmd);
    else if (cls === "wildcard" && recursive) emit("destruction.recursive_delete_wildcard", "destruction", "recursive delete of everything in the working directory", cmd);
    if (ops.some((p) => LOG_PATH.test(p))) emit("weakening_security.clear_logs_or_history", "weakening_security", "deletes logs or shell history", cmd);
  }
  if (a0 === "remove-item" || a0 === "ri" || a0 === "rmdir" && a.includes("-recurse")) {
    const targets = operands(cmd);
    const rec = a.some((w) => w.startsWith("-r"));
    const { cls, path } = worstPath(targets);
    if (cls && BROAD.has(cls) && rec) emit("destruction.recursive_delete_system", "destruction", `recursive delete of ${cls} path ${path}`, cmd);
    else if (cls === "data" && rec) emit("destruction.recursive_delete_data", "destruction", `recursive delete of data path ${path}`, cmd);
  }
  if ((a0 === "hdfs" || a0 === "hadoop") && a.some((w) => /^-rm(?:r)?$/.test(w))) {
    const { cls, path } = worstPath(ops.filter((w) => w !== "dfs" && w !== "fs"));
    if (a.includes("-r") || a.includes("-rmr") || a.includes("-r,")) {
      if (cls && (BROAD.has(cls) || cls === "data")) emit("destruction.recursive_delete_data", "destruction", `recursive HDFS delete of ${path}`, cmd);
    }
    if (a.includes("-skiptrash")) emit("destruction.irreversible_delete_flag", "destruction", "delete skipping the trash", cmd);
  }
  if (a0 === "find" && (a.includes("-delete") || a.some((w, i) => w === "-exec" || w === "-execdir" ? /^(?:rm|shred|unlink)$/.test(a[i + 1] ?? "") : false) || reading.cmds.some((c) => c.pipeline === cmd.pipeline && c.stage > cmd.stage && c.fromList && /^(?:rm|shred)$/.test(c.lower[0] ?? "")))) {
    const roots: string[] = [];
    for (let i = 1; i < cmd.argv.length && !/^[-(!]/.test(cmd.argv[i]!); i++) roots.push(cmd.argv[i]!);
    const { cls, path } = worstPath(roots);
    const filtered = a.some((w) => /^-(?:i?name|i?path|i?regex|i?wholename|newer|user|size)$/.test(w));
    if (cls && BROAD.has(cls)) emit("destruction.recursive_delete_system", "destruction", `find ... -delete over ${cls} path ${path}`, cmd);
    else if (cls === "data" && !filtered) emit("destruction.find_delete_broad", "destruction", `find ... -delete over all of ${path} without a name filter`, cmd);
    if (roots.some((p) => LOG_PATH.test(p))) emit("weakening_security.clear_logs_or_history", "weakening_security", "deletes log files", cmd);
  }

  // --- Disk and volume wipes.
  if (/^mkfs(?:\.\w+)?$|^mke2fs$|^mkswap$|^wipefs$|^blkdiscard$|^sgdisk$|^clear-disk$|^format-volume$|^initialize-disk$|^sdelete$/.test(a0)) {
    if (!(a0 === "wipefs" && !short.has("a") && !long.has("--all")) && !(a0 === "sgdisk" && !short.has("Z") && !long.has("--zap-all") && !short.has("o"))) emit("destruction.disk_wipe", "destruction", `${a0} wipes a disk or volume`, cmd);
  }
  if (a0 === "dd" && a.some((w) => w.startsWith("of=") && DISK_DEVICE.test(w.slice(3)))) emit("destruction.disk_wipe", "destruction", "dd writes over a disk device", cmd);
  if (a0 === "shred" || a0 === "srm") {
    if (ops.some((p) => DISK_DEVICE.test(p))) emit("destruction.disk_wipe", "destruction", "shred over a disk device", cmd);
    else if (ops.some((p) => LOG_PATH.test(p))) emit("weakening_security.clear_logs_or_history", "weakening_security", "shreds logs or shell history", cmd);
    else if (ops.some((p) => { const c = pathClass(p); return c === "data" || c === "system" || c === "home" || c === "root" || isWildcard(p); })) emit("destruction.secure_erase_data", "destruction", "shred destroys files beyond recovery", cmd);
  }
  if (a0 === "diskutil" && a.some((w) => /^(?:erasedisk|erasevolume|zerodisk|randomdisk|secureerase|partitiondisk)$/.test(w))) emit("destruction.disk_wipe", "destruction", "diskutil erases a disk", cmd);
  if (a0 === "parted" && a.some((w) => w === "mklabel" || w === "rm")) emit("destruction.disk_wipe", "destruction", "parted rewrites the partition table", cmd);
  if (a0 === "format" && ops.some((w) => /^[a-z]:$/i.test(w))) emit("destruction.disk_wipe", "destruction", "format of a drive", cmd);
  if (a0 === "cipher" && a.some((w) => w.startsWith("/w"))) emit("destruction.disk_wipe", "destruction", "cipher /w wipes free space", cmd);
  if (cmd.redirects.some((r) => DISK_DEVICE.test(r.target) && r.op.includes(">"))) emit("destruction.disk_wipe", "destruction", "output redirected over a disk device", cmd);
  if (a0 === "vssadmin" && a.includes("delete") && a.includes("shadows")) emit("destruction.backup_deletion", "destruction", "deletes volume shadow copies", cmd);
  if (a0 === "wbadmin" && a.includes("delete")) emit("destruction.backup_deletion", "destruction", "deletes system backups", cmd);
  if (a0 === "bcdedit" && a.some((w) => w.includes("recoveryenabled")) && a.includes("no")) emit("destruction.backup_deletion", "destruction", "disables system recovery", cmd);

  // --- Permissions.
  if (a0 === "chmod") {
    const mode = ops[0] ?? "";
    const paths = ops.slice(1);
    const octal = /^[0-7]{3,4}$/.test(mode) ? Number(mode[mode.length - 1]) : -1;
    const worldWritable = (octal >= 0 && (octal & 2) === 2) || /(?:^|,)(?:[ugo]*a[ugo]*|[ug]*o[ug]*)[+=][rwxXst]*w/.test(mode) || /^[+=]?[rwx]*w[rwx]*$/.test(mode) && mode.startsWith("a");
    const { cls, path } = worstPath(paths);
    if (worldWritable && cls !== null && cls !== "temp" && (cls !== "local" || recursive)) emit("weakening_security.world_writable_permissions", "weakening_security", `world-writable permissions (${mode}) on ${path}${recursive ? " recursively" : ""}`, cmd);
    else if (recursive && cls !== null && (cls === "root" || cls === "system")) emit("weakening_security.recursive_permission_change_system", "weakening_security", `recursive permission change of system path ${path}`, cmd);
    if ((/^[2467][0-7]{3}$/.test(mode) || /[ug]?\+s/.test(mode)) && paths.some((p) => /(?:^|\/)(?:bash|sh|zsh|dash|python\d?(?:\.\d+)?|perl|ruby|node|find|vim?|less|cp|env|awk|nmap)$/.test(p))) emit("weakening_security.setuid_shell", "weakening_security", "setuid bit on a shell or interpreter", cmd);
  }
  if (a0 === "chown" || a0 === "chgrp" || a0 === "takeown") {
    const { cls, path } = worstPath(ops.slice(a0 === "takeown" ? 0 : 1));
    if ((recursive || a0 === "takeown") && cls !== null && (cls === "root" || cls === "system")) emit("weakening_security.recursive_permission_change_system", "weakening_security", `recursive ownership change of system path ${path}`, cmd);
  }
  if ((a0 === "icacls" || a0 === "cacls") && /\/grant(?::r)?\s+(?:\*?s-1-1-0|everyone|"?authenticated users"?|users|guests|anonymous logon)[^\s]*:\(?(?:oi\)?\(?ci\)?\(?)?(?:f|m|w|\(f\)|\(m\)|\(w\))/i.test(raw.slice(cmd.start, cmd.end).toLowerCase())) emit("weakening_security.world_writable_permissions", "weakening_security", "grants everyone write or full control", cmd);
  if (a0 === "setfacl" && a.some((w) => /^(?:o|other)::?[r-]?w/.test(w))) emit("weakening_security.world_writable_permissions", "weakening_security", "ACL gives others write access", cmd);

  // --- Firewalls, mandatory access control, antivirus, audit.
  const stopVerbs = new Set(["stop", "disable", "mask", "kill"]);
  if ((a0 === "systemctl" || a0 === "service" || a0 === "launchctl" || a0 === "sc" || a0 === "stop-service" || a0 === "set-service" || a0 === "chkconfig" || a0 === "update-rc.d") && a.some((w) => SECURITY_SERVICES.test(w))) {
    const stops = a0 === "stop-service" || (a0 === "set-service" && a.includes("disabled")) || a.some((w) => stopVerbs.has(w) || w === "unload" || w === "off" || w === "remove" || w === "--now" && a.includes("disable"));
    if (stops) {
      const svc = a.find((w) => SECURITY_SERVICES.test(w)) ?? "";
      const logSvc = /syslog|journald|eventlog|audit/.test(svc);
      emit(logSvc ? "weakening_security.disable_audit_logging" : /firewall|ufw|iptables|nftables|netfilter/.test(svc) ? "weakening_security.disable_firewall" : "weakening_security.disable_security_service", "weakening_security", `stops the ${svc} security service`, cmd);
    }
  }
  if ((a0 === "pkill" || a0 === "killall" || a0 === "kill" || a0 === "taskkill" || a0 === "stop-process") && a.slice(1).some((w) => SECURITY_SERVICES.test(w.replace(/\.exe$/, "")) || /^(?:msmpeng|mssense|csfalconservice|sentinelagent|falcon|clamd|auditd|osqueryd|cb|cylancesvc|sysmon\d*)(?:\.exe)?$/i.test(w)))
    emit("weakening_security.disable_security_service", "weakening_security", "kills a security process", cmd);
  if (a0 === "ufw" && (a.includes("disable") || (a.includes("default") && a.includes("allow") && !a.includes("outgoing")) || (a.includes("allow") && a.includes("from") && a.includes("any") && !a.includes("port") && !a.includes("to"))))
    emit("weakening_security.disable_firewall", "weakening_security", "turns the firewall off or opens it wholesale", cmd);
  if ((a0 === "iptables" || a0 === "ip6tables") && (short.has("F") || long.has("--flush") || (cmd.argv.some((w) => w === "-P" || w === "--policy") && a.includes("accept") && a.some((w) => w === "input" || w === "forward")) || short.has("X") && a.length <= 2))
    emit("weakening_security.disable_firewall", "weakening_security", "flushes the firewall rules or sets them to accept everything", cmd);
  if (a0 === "nft" && a.includes("flush") && a.includes("ruleset")) emit("weakening_security.disable_firewall", "weakening_security", "flushes the nftables ruleset", cmd);
  if (a0 === "firewall-cmd" && a.some((w) => w === "--panic-off" || w.startsWith("--set-default-zone=trusted") || w === "--add-source=0.0.0.0/0")) emit("weakening_security.disable_firewall", "weakening_security", "firewalld set to trust everything", cmd);
  if (a0 === "netsh" && a.includes("advfirewall") && a.includes("state") && a.includes("off")) emit("weakening_security.disable_firewall", "weakening_security", "turns Windows Firewall off", cmd);
  if (a0 === "set-netfirewallprofile" && a.some((w) => /^(?:-enabled)$/.test(w)) && a.some((w) => /^(?:false|\$false|0)$/.test(w))) emit("weakening_security.disable_firewall", "weakening_security", "turns Windows Firewall off", cmd);
  if (a0 === "pfctl" && short.has("d")) emit("weakening_security.disable_firewall", "weakening_security", "turns the pf firewall off", cmd);
  if (a0 === "setenforce" && (a[1] === "0" || a[1] === "permissive")) emit("weakening_security.disable_selinux", "weakening_security", "puts SELinux in permissive mode", cmd);
  if (a0 === "aa-teardown" || a0 === "aa-disable" || a0 === "aa-complain") emit("weakening_security.disable_selinux", "weakening_security", "turns AppArmor protection off", cmd);
  if (a0 === "set-mppreference" && a.some((w) => /^-disable(?:realtimemonitoring|behaviormonitoring|ioavprotection|scriptscanning|intrusionpreventionsystem|blockatfirstseen)$/.test(w)) && a.some((w) => /^(?:\$true|true|1)$/.test(w)))
    emit("weakening_security.disable_security_service", "weakening_security", "turns Defender protection off", cmd);
  if (a0 === "add-mppreference" && a.some((w) => w.startsWith("-exclusion"))) {
    const { cls } = worstPath(ops);
    if (cls && (cls === "root" || cls === "system" || cls === "home")) emit("weakening_security.disable_security_service", "weakening_security", "excludes a whole drive or system folder from antivirus", cmd);
  }
  if (a0 === "csrutil" && a.includes("disable")) emit("weakening_security.disable_security_service", "weakening_security", "turns macOS System Integrity Protection off", cmd);
  if (a0 === "spctl" && a.some((w) => w === "--master-disable" || w === "--global-disable")) emit("weakening_security.disable_security_service", "weakening_security", "turns Gatekeeper off", cmd);
  if (a0 === "set-executionpolicy" && a.some((w) => w === "unrestricted" || w === "bypass") && a.some((w) => /localmachine/.test(w))) emit("weakening_security.disable_security_service", "weakening_security", "machine-wide unrestricted script policy", cmd);
  if (a0 === "auditctl" && (a.includes("-d") || short.has("D") || (short.has("e") && a.includes("0")))) emit("weakening_security.disable_audit_logging", "weakening_security", "turns auditing off or deletes audit rules", cmd);

  // --- Logs and history: hiding tracks.
  if (a0 === "history" && (short.has("c") || short.has("w") && a.includes("/dev/null"))) emit("weakening_security.clear_logs_or_history", "weakening_security", "clears the shell history", cmd);
  if ((a0 === "unset" && a.includes("histfile")) || (a0 === "export" && a.some((w) => /^histfile=\/dev\/null$|^histsize=0$|^histfilesize=0$/.test(w))) || (a0 === "set" && a.includes("+o") && a.includes("history")))
    emit("weakening_security.clear_logs_or_history", "weakening_security", "turns shell history off", cmd);
  if (a0 === "journalctl" && a.some((w) => /^--vacuum-(?:time=\d+[sm]?|size=\d+[kb]?|files=[01])$/.test(w) || w === "--rotate") && a.some((w) => w.startsWith("--vacuum"))) emit("weakening_security.clear_logs_or_history", "weakening_security", "empties the system journal", cmd);
  if ((a0 === "wevtutil" && (a.includes("cl") || a.includes("clear-log"))) || a0 === "clear-eventlog" || a0 === "remove-eventlog") emit("weakening_security.clear_logs_or_history", "weakening_security", "clears Windows event logs", cmd);
  if ((a0 === "truncate" && ops.some((p) => LOG_PATH.test(p))) || (cmd.redirects.some((r) => r.op === ">" && LOG_PATH.test(r.target)) && (a0 === "" || a0 === "echo" || a0 === "cat" || a0 === ":" || a0 === "true" || a0 === "printf")) || (a0 === "ln" && a.includes("/dev/null") && ops.some((p) => LOG_PATH.test(p))))
    emit("weakening_security.clear_logs_or_history", "weakening_security", "empties log files or history", cmd);

  // --- Crontab and processes.
  if (a0 === "crontab" && short.has("r")) emit("destruction.crontab_remove", "destruction", "removes every scheduled job of the user", cmd);
  if (a0 === "kill" && a.includes("-1") && (a.includes("-9") || a.includes("-kill"))) emit("destruction.kill_all_processes", "destruction", "kills every process", cmd);

  // --- Git.
  if (a0 === "git") {
    const sub = ops[0];
    if (sub === "push") {
      const force = short.has("f") || long.has("--force") || long.has("--force-with-lease") || long.has("--mirror");
      const refs = ops.slice(2);
      const plusRef = refs.some((r) => r.startsWith("+") && PROTECTED_BRANCH.test(r));
      const protectedRef = refs.length === 0 || refs.some((r) => PROTECTED_BRANCH.test(r) || PROTECTED_BRANCH.test(r.split(":").pop() ?? ""));
      if ((force && protectedRef) || plusRef || long.has("--mirror")) emit("destruction.git_force_push", "destruction", `force-push over ${refs.join(" ") || "the default branch"}`, cmd);
      if ((long.has("--delete") || short.has("d") || refs.some((r) => /^:(?:main|master|prod|production|release)/.test(r))) && refs.some((r) => PROTECTED_BRANCH.test(r.replace(/^:/, "")))) emit("destruction.git_delete_branch", "destruction", "deletes a protected branch on the remote", cmd);
    }
    if (sub === "reset" && long.has("--hard") && reading.cmds.some((c) => c.lower[0] === "git" && c.lower.includes("push") && (c.lower.includes("-f") || c.lower.includes("--force")))) emit("destruction.git_force_push", "destruction", "hard reset then force-push", cmd);
    if (sub === "branch" && (short.has("D") || (short.has("d") && long.has("--force"))) && ops.slice(1).some((r) => PROTECTED_BRANCH.test(r))) emit("destruction.git_delete_branch", "destruction", "deletes a protected branch", cmd);
    if ((sub === "filter-branch" || sub === "filter-repo") && reading.cmds.some((c) => c.lower[0] === "git" && c.lower.includes("push") && (c.lower.includes("--force") || c.lower.includes("-f"))) && !/--invert-paths|--path|--replace-text|--strip-blobs/.test(raw.slice(cmd.start, cmd.end))) emit("destruction.git_force_push", "destruction", "history rewrite pushed by force", cmd);
  }

  // --- Infrastructure teardown and cloud deletions.
  const sub = a.slice(1).join(" ");
  if ((a0 === "terraform" || a0 === "tofu" || a0 === "terragrunt") && (a.includes("destroy") || (a.includes("apply") && a.includes("-destroy")))) emit("destruction.infra_teardown", "destruction", `terraform destroy${a.includes("-auto-approve") ? " without confirmation" : ""}`, cmd);
  if ((a0 === "pulumi" && a.includes("destroy")) || (a0 === "cdk" && a.includes("destroy")) || (a0 === "serverless" || a0 === "sls") && a.includes("remove") || (a0 === "eksctl" && a.includes("delete") && a.includes("cluster"))) emit("destruction.infra_teardown", "destruction", "tears down a stack", cmd);
  if (a0 === "kubectl" || a0 === "oc") {
    if (a.includes("delete")) {
      const kinds = ["namespace", "namespaces", "ns", "all", "pv", "pvc", "persistentvolume", "persistentvolumeclaim", "persistentvolumes", "persistentvolumeclaims", "crd", "customresourcedefinition", "node", "nodes", "statefulset", "statefulsets"];
      const broad = a.includes("--all") || a.includes("--all-namespaces") || a.includes("-a") || a.some((w) => kinds.includes(w.split("/")[0]!)) || a.some((w) => /^(?:-n|--namespace)$/.test(w)) && a.some((w) => /(?:^|[-_])prod(?:uction)?(?:$|[-_])/.test(w)) || a.includes("--grace-period=0") && a.includes("--force");
      emit(broad ? "destruction.infra_teardown" : "destruction.cloud_resource_delete", "destruction", `kubectl delete ${ops.slice(1, 3).join(" ")}`, cmd);
    }
    if (a.includes("create") && (a.includes("clusterrolebinding") || a.includes("rolebinding")) && a.some((w) => /clusterrole=(?:cluster-)?admin/.test(w) || w === "cluster-admin") && a.some((w) => /(?:system:(?:authenticated|unauthenticated|anonymous|serviceaccounts)\b|group=system:|user=system:anonymous)/.test(w)))
      emit("weakening_security.grant_admin_broadly", "weakening_security", "cluster-admin bound to every user or anonymous", cmd);
  }
  if (a0 === "helm" && (a.includes("uninstall") || a.includes("delete")) && a.some((w) => /prod/.test(w))) emit("destruction.cloud_resource_delete", "destruction", "uninstalls a production release", cmd);
  if (a0 === "aws") {
    if (a[1] === "s3" && (a[2] === "rm" || a[2] === "rb") && (a.includes("--recursive") || a.includes("--force"))) emit("destruction.infra_teardown", "destruction", `aws s3 ${a[2]} of a whole bucket or prefix`, cmd);
    if (a[1] === "s3" && a[2] === "sync" && a.includes("--delete") && ops.some((p) => /^(?:\.\/?)?(?:empty|blank|null)[\w-]*\/?$/.test(p))) emit("destruction.infra_teardown", "destruction", "syncs an empty folder over a bucket with --delete", cmd);
    if (/\b(?:delete|terminate|remove|deregister|purge)-[\w-]+/.test(sub) && a[1] !== "s3") emit("destruction.cloud_resource_delete", "destruction", `aws ${a[1] ?? ""} ${a.find((w) => /^(?:delete|terminate|remove|deregister|purge)-/.test(w)) ?? ""}`, cmd);
    if (a.some((w) => w === "--skip-final-snapshot" || w === "--delete-automated-backups" || w === "--force-delete-without-recovery" || w === "--no-final-snapshot" || w === "--bypass-governance-retention")) emit("destruction.irreversible_delete_flag", "destruction", "deletion without a final snapshot or recovery window", cmd);
    if (a[1] === "s3api" && a.includes("put-bucket-acl") && a.some((w) => /public-read(?:-write)?|authenticated-read/.test(w))) emit("weakening_security.public_access_policy", "weakening_security", "bucket ACL made public", cmd);
    if (a[1] === "s3api" && a.includes("delete-public-access-block")) emit("weakening_security.public_access_policy", "weakening_security", "removes the bucket's public access block", cmd);
    if (a[1] === "ec2" && a.includes("authorize-security-group-ingress") && a.some((w) => /0\.0\.0\.0\/0|::\/0/.test(w))) emit("weakening_security.open_to_internet", "weakening_security", "security group opened to the whole internet", cmd);
    if (a[1] === "iam" && /attach-(?:user|role|group)-policy/.test(sub) && a.some((w) => /administratoraccess|iamfullaccess|poweruseraccess/.test(w))) emit("weakening_security.grant_admin_broadly", "weakening_security", "attaches an administrator policy", cmd);
    if (a[1] === "cloudtrail" && (a.includes("stop-logging") || a.includes("delete-trail"))) emit("weakening_security.disable_audit_logging", "weakening_security", "stops the cloud audit trail", cmd);
    if (a[1] === "guardduty" && (a.includes("delete-detector") || a.includes("update-detector") && a.includes("--no-enable"))) emit("weakening_security.disable_security_service", "weakening_security", "turns GuardDuty off", cmd);
  }
  if ((a0 === "gsutil" && (a.includes("rm") && (short.has("r") || a.includes("-r")) || a.includes("rb"))) || (a0 === "gcloud" && a.includes("delete") && a.some((w) => w === "projects" || w === "instances" || w === "clusters" || w === "sql" || w === "buckets"))) emit(a.includes("projects") || a.includes("rb") || short.has("r") ? "destruction.infra_teardown" : "destruction.cloud_resource_delete", "destruction", `${a0} delete`, cmd);
  if (a0 === "gcloud" && a.includes("firewall-rules") && a.some((w) => /source-ranges=0\.0\.0\.0\/0/.test(w)) && !a.some((w) => /^--allow=tcp:(?:80|443)(?:,tcp:(?:80|443))?$/.test(w))) emit("weakening_security.open_to_internet", "weakening_security", "firewall rule open to the whole internet", cmd);
  if (a0 === "gcloud" && a.includes("add-iam-policy-binding") && a.some((w) => /member=(?:allusers|allauthenticatedusers)/.test(w))) emit("weakening_security.public_access_policy", "weakening_security", "IAM binding for all users", cmd);
  if (a0 === "az" && ((a[1] === "group" && a[2] === "delete") || (a.includes("delete") && a.some((w) => w === "--yes" || w === "-y") && a.some((w) => /prod/.test(w))))) emit("destruction.infra_teardown", "destruction", "deletes an Azure resource group", cmd);
  if ((a0 === "docker" || a0 === "podman") && ((a.includes("system") && a.includes("prune") && a.includes("--volumes")) || (a.includes("volume") && (a.includes("prune") || a.includes("rm")) && (a.includes("-a") || a.includes("--all") || a.includes("-f"))))) emit("destruction.infra_teardown", "destruction", "deletes container volumes and their data", cmd);
  if (a0 === "redis-cli" && a.some((w) => w === "flushall" || w === "flushdb")) emit("destruction.nosql_wipe", "destruction", "empties the Redis store", cmd);
  if (a0 === "dropdb" || (a0 === "mysqladmin" && a.includes("drop"))) emit("destruction.sql_drop_database", "destruction", "drops a database", cmd);
  if (a0 === "new-compliancesearchaction" && a.includes("-purge") && a.some((w) => w === "harddelete")) emit("destruction.irreversible_delete_flag", "destruction", "hard-deletes mailbox content", cmd);
  if (a0 === "remove-mailbox" || a0 === "remove-aduser" && a.includes("-confirm:$false")) emit("destruction.cloud_resource_delete", "destruction", `${a0} removes an account and its data`, cmd);

  // --- Privilege.
  if (a0 === "usermod" && (short.has("G") || short.has("a")) && a.some((w) => /^(?:sudo|wheel|root|admin|adm|docker)$/.test(w))) emit("weakening_security.grant_admin_broadly", "weakening_security", "adds a user to an administrators group", cmd);
  if (a0 === "add-adgroupmember" && /domain admins|enterprise admins|schema admins|administrators/i.test(raw.slice(cmd.start, cmd.end))) emit("weakening_security.grant_admin_broadly", "weakening_security", "adds a member to a domain administrators group", cmd);
  if (a0 === "net" && a.includes("localgroup") && a.includes("administrators") && a.includes("/add")) emit("weakening_security.grant_admin_broadly", "weakening_security", "adds a local administrator", cmd);
  if (a0 === "passwd" && short.has("d")) emit("weakening_security.weak_credentials", "weakening_security", "removes an account's password", cmd);

  // --- Attack tooling.
  if (/^(?:hydra|medusa|ncrack|patator|crackmapexec|nxc|kerbrute|hashcat|john|thc-hydra|brutespray|spray|sprayhound|wpscan)$/.test(a0) && !(a0 === "wpscan" && !a.some((w) => /^--passwords?|^-p$|^-P$/.test(w))))
    emit("cybercrime.bruteforce_tool", "cybercrime", `${a0} password attack`, cmd);
  if (/^(?:sqlmap|msfconsole|msfvenom|msfcli|searchsploit|mimikatz|pypykatz|secretsdump\.py|secretsdump|impacket-\w+|responder|bettercap|ettercap|arpspoof|dnsspoof|evil-winrm|beef-xss|setoolkit|empire|sliver|cobaltstrike|routersploit|commix|xsstrike|evilginx2?|gophish|hcxdumptool|wifite|reaver|bully)$/.test(a0) || (a0 === "aireplay-ng" && a.some((w) => w === "--deauth" || w === "-0")))
    emit("cybercrime.exploit_tool", "cybercrime", `${a0} offensive tool`, cmd);
  if (/^(?:nmap|masscan|zmap|nikto|gobuster|dirb|dirbuster|ffuf|wfuzz|feroxbuster|amass|nuclei|unicornscan|rustscan)$/.test(a0)) emit("cybercrime.network_scan", "cybercrime", `${a0} scan`, cmd);
  if ((a0 === "hping3" && a.some((w) => w === "--flood" || w === "--faster" || /^-i$/.test(w) && false)) || a0 === "slowloris" || a0 === "loic" || a0 === "hoic" || a0 === "goldeneye" || a0 === "thc-ssl-dos" || (a0 === "ping" && short.has("f")) || ((a0 === "ab" || a0 === "wrk" || a0 === "siege" || a0 === "hey" || a0 === "vegeta") && /\b(?:-n\s*\d{6,}|-c\s*\d{4,}|-r\s*\d{5,})/.test(raw.slice(cmd.start, cmd.end))))
    emit("cybercrime.flood_dos", "cybercrime", "flood traffic at a host", cmd);
  if (/^(?:xmrig|minerd|cpuminer|cgminer|bfgminer|ethminer|nbminer|t-rex|phoenixminer|nheqminer)$/.test(a0) || a.some((w) => /stratum\+(?:tcp|ssl):\/\/|(?:^|\/)(?:miner|xmrig|cryptominer|coinminer)\.(?:sh|py|exe)$|^(?:\.\/)?xmrig$/.test(w))) emit("cybercrime.cryptominer", "cybercrime", "runs a cryptocurrency miner", cmd);
  if ((a0 === "nc" || a0 === "ncat" || a0 === "netcat") && (short.has("e") || long.has("--exec") || short.has("c") || long.has("--sh-exec"))) emit("cybercrime.reverse_shell", "cybercrime", "netcat hands a shell to a remote host", cmd);
  if (a0 === "socat" && a.some((w) => /^exec:|^system:/.test(w)) && a.some((w) => /^tcp(?:4|6)?:|^tcp-connect:|^openssl:/.test(w))) emit("cybercrime.reverse_shell", "cybercrime", "socat hands a shell to a remote host", cmd);
  if ((a0 === "procdump" || a0 === "procdump64") && a.some((w) => /lsass/.test(w)) || (a0 === "reg" && a.includes("save") && a.some((w) => /hklm\\(?:sam|security|system)$/.test(w))) || (a0 === "rundll32" && /comsvcs(?:\.dll)?[, ]+minidump/i.test(raw.slice(cmd.start, cmd.end))))
    emit("cybercrime.credential_dumping", "cybercrime", "dumps stored credentials", cmd);

  // --- Settings turned off on the command line: --set strict=false, --no-verify, --disable-auth, --insecure.
  if (a0 !== "chmod" && a0 !== "git" || a.includes("--no-verify")) {
    for (const w of cmd.argv.slice(1)) {
      const lw = w.toLowerCase();
      let name: string | null = null;
      const kv = /^(?:--?(?:set|config|conf|param|flag|option|var|setting)[= ])?-{0,2}([\w.-]+)=(false|off|disabled?|none|0|no|permissive)$/i.exec(w);
      if (kv) name = kv[1]!;
      else if (/^--(?:no|disable|skip|without|insecure|allow-insecure|ignore)-[\w-]+$/.test(lw)) name = lw.replace(/^--(?:no|disable|skip|without|ignore)-/, "");
      else if (lw === "--insecure" || lw === "--insecure-skip-tls-verify" || lw === "--no-verify-ssl" || lw === "--no-check-certificate") name = "tls_verify";
      if (!name) continue;
      if (/^(?:audit|fund|progress|color|cache|interaction|input|optional|save|package_lock|lockfile|deps|install_recommends)$/.test(name.toLowerCase().replace(/-/g, "_")) && /^(?:npm|npx|yarn|pnpm|pip|pip3|cargo|bundle|apt|apt-get|brew|composer|gem)$/.test(a0)) continue;
      const f = familyOf(name.toLowerCase().replace(/[.-]/g, "_"), { isMoney: false, device: false });
      if (f) emit(f.feature.replace(/_arg$/, "_flag"), f.code, `${w}: turns off ${f.what}`, cmd);
    }
  }

  // --- SQL run through a database client: psql -c "DROP TABLE ...", mysql -e "...".
  const flagRe = SQL_CLIENTS[a0];
  if (flagRe) {
    let stmt: string | undefined;
    if (a0 === "sqlite3") stmt = ops.find((w, i) => i > 0 && looksSql(w));
    else {
      const i = cmd.argv.findIndex((w) => flagRe.test(w));
      stmt = i >= 0 ? cmd.argv[i + 1] : cmd.argv.map((w) => /^--(?:command|execute|query)=/.exec(w) ? w.split("=").slice(1).join("=") : "").find(Boolean) || (a0 === "bq" ? ops.find((w) => looksSql(w)) : undefined);
    }
    if (stmt) for (const st of readSql(stmt, { parses: 1 })) readStatement(st, (feature, code, note) => emit(feature, code, note, cmd));
  }
  if ((a0 === "mongo" || a0 === "mongosh") && /dropDatabase\s*\(|\.drop\s*\(\s*\)|\.(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*\)/.test(raw.slice(cmd.start, cmd.end))) emit("destruction.nosql_wipe", "destruction", "empties a MongoDB database or collection", cmd);

  // --- System files written: accounts, sudoers, SSH keys, startup files.
  const writes = [...cmd.redirects.filter((r) => r.op === ">" || r.op === ">>").map((r) => r.target), ...(a0 === "tee" ? ops : []), ...((a0 === "cp" || a0 === "mv" || a0 === "install" || a0 === "ln") && ops.length >= 2 ? [ops[ops.length - 1]!] : []), ...(a0 === "sed" && (short.has("i") || long.has("--in-place")) ? ops.slice(1) : [])];
  const sys = writes.find((p) => SYSTEM_FILE.test(p.replace(/^~/, "/home/u")));
  if (sys && !/sshd_config\.d\//.test(sys)) emit("weakening_security.system_file_write", "weakening_security", `changes ${sys}`, cmd);
  if (a0 === "mv" && ops.length >= 2 && ops[ops.length - 1] === "/dev/null") {
    const { cls, path } = worstPath(ops.slice(0, -1));
    if (cls && cls !== "temp" && cls !== "local") emit(BROAD.has(cls) ? "destruction.recursive_delete_system" : "destruction.recursive_delete_data", "destruction", `moves ${path} into /dev/null`, cmd);
  }
  if ((a0 === "useradd" || a0 === "usermod") && (/(?:^|\s)-o\b/.test(cmd.argv.join(" ")) || short.has("o")) && /(?:^|\s)(?:-u\s*0|--uid[= ]0)\b/.test(cmd.argv.join(" "))) emit("weakening_security.grant_admin_broadly", "weakening_security", "a second account with root's user id", cmd);
  if (a0 === "chpasswd" || (a0 === "passwd" && a.includes("root"))) {
    const stdin = reading.cmds.filter((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage).flatMap((c) => c.argv.slice(1)).join(" ");
    if (/\b[\w.-]+:(?:|root|toor|admin|password|passw0rd|123456|changeme|test|guest)\b/.test(stdin)) emit("weakening_security.weak_credentials", "weakening_security", "sets a trivial password", cmd);
  }
  // --- Containers with the host's powers.
  if ((a0 === "docker" || a0 === "podman" || a0 === "nerdctl") && (a.includes("run") || a.includes("create") || a.includes("exec"))) {
    const joined = cmd.argv.join(" ");
    if (a.includes("--privileged") || /(?:^|\s)(?:-v|--volume)[ =]\/(?::|\s|$)|--pid[= ]host|(?:-v|--volume)[ =]\/var\/run\/docker\.sock|--cap-add[= ](?:all|sys_admin)\b/i.test(joined)) emit("weakening_security.privileged_container", "weakening_security", "a container with the host's full powers", cmd);
  }
  // --- Made public: object ACLs, repository visibility.
  if (a.some((w) => w === "public-read" || w === "public-read-write" || w === "--acl=public-read" || w === "--acl=public-read-write") || (a0 === "gh" && (a.includes("--public") || a.some((w) => w === "--visibility=public" || w === "public") && a.includes("edit"))) || (a0 === "gsutil" && a.includes("acl") && a.some((w) => /allusers/.test(w))))
    emit("exfiltration_privacy.public_link_share", "exfiltration_privacy", "made readable by anyone", cmd);
  // --- Secrets committed to a repository.
  if (a0 === "git" && (ops[0] === "add" || ops[0] === "commit") && ops.slice(1).some((p) => isSecretPath(p)) ) emit("exfiltration_privacy.secret_committed", "exfiltration_privacy", "adds a secret file to the repository", cmd);
  // --- Hosts taken down.
  if (/^(?:shutdown|poweroff|halt|reboot)$/.test(a0) || (a0 === "init" && (a[1] === "0" || a[1] === "6")) || (a0 === "systemctl" && /^(?:poweroff|halt|reboot|kexec)$/.test(a[1] ?? "")) || (a0 === "stop-computer" || a0 === "restart-computer")) emit("destruction.shutdown_host", "destruction", "shuts the machine down", cmd);

  // --- Secrets read, and data sent out.
  const secretOps = cmd.argv.slice(1).filter((w) => isSecretPath(w.replace(/^@/, "").replace(/^[\w-]+=@?/, "")));
  const readers = /^(?:cat|less|more|head|tail|strings|xxd|base64|cp|scp|rsync|tar|zip|7z|gzip|curl|wget|nc|ncat|gpg|openssl|type|get-content|gc|grep|awk|sed|python3?|sqlite3|find|echo|printf|aws|gsutil|rclone|sftp)$/;
  if (secretOps.length > 0 && readers.test(a0) && !secretOps.every((p) => /\.pub\b/.test(p))) {
    if (/(?:^|\/)etc\/(?:shadow|gshadow|master\.passwd)|ntds\.dit|\/sam\b|login\s?data|logins\.json|key[34]\.db|cookies\.sqlite|wallet\.dat|keychain/i.test(secretOps.join(" "))) emit("cybercrime.credential_dumping", "cybercrime", `reads a credential store (${secretOps[0]})`, cmd);
    emit("exfiltration_privacy.secret_file_access", "exfiltration_privacy", `reads a secret file (${secretOps[0]})`, cmd);
  }
}

const looksSql = (w: string) => /^\s*(?:select|insert|update|delete|drop|truncate|alter|grant|create|copy)\b/i.test(w);

/** Upload commands: the data they send and where. */
function readSend(cmd: Cmd, reading: ShellReading, emit: Emit, raw: string): void {
  const a = cmd.lower;
  const a0 = a[0] ?? "";
  const text = raw.slice(cmd.start, cmd.end);
  let payload: string[] = [];
  let dests: string[] = [];
  if (a0 === "curl" || a0 === "http" || a0 === "https") {
    for (let i = 1; i < cmd.argv.length; i++) {
      const w = cmd.argv[i]!;
      const next = cmd.argv[i + 1] ?? "";
      if (/^(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|--json)$/.test(w)) payload.push(next);
      else if (/^--(?:data(?:-binary|-raw|-urlencode)?|form|upload-file|json)=/.test(w)) payload.push(w.split("=").slice(1).join("="));
      else if (/^-[dFT].+/.test(w)) payload.push(w.slice(2));
    }
    dests = cmd.argv.filter((w) => /^(?:https?|ftp):\/\//i.test(w) || /^[\w.-]+\.[a-z]{2,}(?:\/|$)/i.test(w) && !w.includes("@"));
    const piped = reading.cmds.some((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage);
    if (piped && payload.some((p) => p === "@-" || p === "-" || /=@-$/.test(p))) payload.push(`<stdin from ${raw.slice(reading.cmds.find((c) => c.pipeline === cmd.pipeline && c.stage === 0)?.start ?? cmd.start, cmd.start)}>`);
  } else if (a0 === "wget" && a.some((w) => w.startsWith("--post-file") || w.startsWith("--body-file"))) {
    payload = cmd.argv.filter((w) => /^--(?:post|body)-file=/.test(w)).map((w) => w.split("=")[1] ?? "");
    dests = cmd.argv.filter((w) => /^https?:\/\//i.test(w));
  } else if (a0 === "scp" || a0 === "rsync" || a0 === "sftp" || a0 === "rclone" || (a0 === "aws" && a[1] === "s3" && (a[2] === "cp" || a[2] === "sync" || a[2] === "mv")) || (a0 === "gsutil" && (a.includes("cp") || a.includes("rsync")))) {
    const ops = operands(cmd).filter((w) => !/^(?:s3|cp|sync|mv|rsync|copy|copyto|sync)$/.test(w));
    if (ops.length >= 2) {
      const to = ops[ops.length - 1]!;
      const remote = /^[\w.-]+@[\w.-]+:|^[\w.-]+:(?!\/\/)|^(?:s3|gs|az):\/\/|^[\w-]+:[\w/.-]*$/.test(to);
      if (remote) {
        payload = ops.slice(0, -1);
        dests = [to];
      }
    }
  } else if ((a0 === "nc" || a0 === "ncat" || a0 === "netcat" || a0 === "telnet" || a0 === "socat") && (cmd.redirects.some((r) => r.op === "<") || reading.cmds.some((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage))) {
    payload = [...cmd.redirects.filter((r) => r.op === "<").map((r) => r.target), ...reading.cmds.filter((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage).flatMap((c) => c.argv.slice(1))];
    dests = operands(cmd).slice(0, 1);
  } else if ((a0 === "mail" || a0 === "mutt" || a0 === "sendmail" || a0 === "mailx" || a0 === "swaks") && (cmd.redirects.some((r) => r.op === "<") || a.some((w) => w === "-a" || w === "--attach"))) {
    payload = [...cmd.redirects.filter((r) => r.op === "<").map((r) => r.target), ...cmd.argv.filter((_, i) => cmd.lower[i - 1] === "-a" || cmd.lower[i - 1] === "--attach")];
    dests = cmd.argv.filter((w) => /@/.test(w));
  }
  if (payload.length === 0) return;
  const payloadText = payload.join(" ");
  const destText = dests.join(" ");
  const hosts = dests.map((d) => (/^[a-z+]+:\/\//i.test(d) ? hostOf(d) : (/@([\w.-]+)/.exec(d)?.[1] ?? d.split(":")[0] ?? "").toLowerCase()));
  const kinds = hosts.map((h) => hostKind(h));
  const internal = kinds.length > 0 && kinds.every((k) => k === "internal");
  const secret = isSecretPath(payloadText) || /\bsecret|password|passwd|api[_-]?key|token|credential/i.test(payloadText) && /\$|@|\bcat\b/.test(payloadText);
  if (secret && !internal) emit("exfiltration_privacy.secret_sent_out", "exfiltration_privacy", `sends secrets (${payloadText.slice(0, 60)}) to ${destText || "a remote host"}`, cmd);
  const sensitive = SENSITIVE_DATA.test(payloadText) || /\.(?:sql|dump|bak|hprof|dmp|core|sqlite|db|mdb|pst|mbox|csv|xlsx?|parquet)(?:\.gz|\.zip|\.bz2|\.xz|\.7z)?\b/i.test(payloadText);
  if (sensitive && !internal && !secret) emit("exfiltration_privacy.data_upload_external", "exfiltration_privacy", `uploads ${payloadText.slice(0, 60)} to ${destText || "a remote host"}`, cmd);
  if (kinds.some((k) => k === "drop_site" || k === "raw_ip")) emit("exfiltration_privacy.send_to_drop_site", "exfiltration_privacy", `sends data to ${kinds.includes("raw_ip") ? "a bare IP address" : "a paste, drop or webhook site"}`, cmd);
  if (/^\s*$/.test(text)) return;
}

/** Pipelines and whole units: curl | sh, reverse shells, fork bombs, config text. */
function readUnit(reading: ShellReading, text: string, base: number, emit: Emit, raw: string): void {
  // Remote script piped into an interpreter, or run through <(curl ...) / $(curl ...).
  for (const c of reading.cmds) {
    const a0 = c.lower[0] ?? "";
    if (INTERPRETERS.has(a0) && c.stage > 0) {
      const upstream = reading.cmds.filter((u) => u.pipeline === c.pipeline && u.stage < c.stage && u.depth === c.depth);
      const dl = upstream.find((u) => DOWNLOADERS.has(u.lower[0] ?? "") && !u.lower.some((w) => w === "-o" || w === "-O" && u.lower[0] === "curl" || w.startsWith("--output")) || (u.lower[0] === "wget" && u.lower.some((w) => /^-q?o-?$|^-qo-$|^-o-$|^--output-document=-$/.test(w) || w === "-qo-")));
      if (dl) {
        const url = dl.argv.find((w) => /^https?:\/\//i.test(w) || /\.\w{2,}\//.test(w)) ?? "";
        const pipeline = reading.pipelines.find((p) => p.start <= dl.start && p.end >= c.end);
        emit("weakening_security.remote_script_execution", "weakening_security", `pipes a downloaded script${url ? ` (${url})` : ""} into ${a0}${c.elevated ? " as root" : ""}`, pipeline ?? { start: dl.start, end: c.end });
      }
    }
    if (INTERPRETERS.has(a0) && c.argv.some((w) => /^[<$]\(\.\.\.\)$/.test(w) || w === "$(...)")) {
      const seg = raw.slice(c.start, c.end);
      if (/[<$]\(\s*(?:curl|wget|iwr|irm|fetch)\b/i.test(seg)) emit("weakening_security.remote_script_execution", "weakening_security", `runs a downloaded script through ${a0}`, c);
    }
  }
  if (/\b(?:iex|invoke-expression)\b[\s\S]{0,120}\b(?:downloadstring|downloadfile|iwr|irm|invoke-webrequest|invoke-restmethod|net\.webclient)\b|\b(?:downloadstring|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n]{0,200}\|\s*(?:iex|invoke-expression)\b/i.test(text))
    emit("weakening_security.remote_script_execution", "weakening_security", "PowerShell runs a downloaded script", { start: base, end: base + text.length });
  // Reverse shells written as redirections or one-liners.
  if (/\/dev\/(?:tcp|udp)\/[\w.-]+\/\d+/.test(text) && /\b(?:bash|sh|zsh|exec)\b/.test(text)) emit("cybercrime.reverse_shell", "cybercrime", "interactive shell redirected to a remote host", { start: base, end: base + text.length });
  if (/mkfifo\b[\s\S]{0,120}\b(?:nc|ncat|netcat|telnet)\b/.test(text) || /socket\.socket[\s\S]{0,200}(?:subprocess|pty\.spawn|os\.dup2)/.test(text) || /fsockopen\s*\([\s\S]{0,120}(?:exec|system|shell_exec|proc_open)/.test(text) || /New-Object\s+System\.Net\.Sockets\.TCPClient[\s\S]{0,300}(?:iex|Invoke-Expression|GetStream)/i.test(text))
    emit("cybercrime.reverse_shell", "cybercrime", "reverse shell one-liner", { start: base, end: base + text.length });
  // Code that shells out or touches files (Python, Node): os.system("..."), shutil.rmtree("/"), os.chmod(p, 0o777).
  if (/\(/.test(text)) {
    for (const m of text.matchAll(/(?:os\.system|os\.popen|subprocess\.(?:run|call|Popen|check_output|check_call)|(?:child_process\.)?exec(?:Sync)?|spawnSync|shell_exec|system|passthru|Runtime\.getRuntime\(\)\.exec)\s*\(\s*(?:\[\s*)?[rbfu]?(['"`])((?:(?!\1)[^\\]|\\.){2,400})\1/g)) {
      const inner = m[2]!;
      const at = base + m.index! + m[0].length - inner.length - 1;
      const nested = readShell(inner, at);
      for (const c of nested.cmds) readCmd(c, nested, emit, raw);
    }
    for (const m of text.matchAll(/(?:shutil\.rmtree|os\.removedirs|fs\.rmSync|fs\.rmdirSync|fs\.promises\.rm|rimraf(?:\.sync)?|FileUtils\.deleteDirectory|Remove-Item)\s*\(\s*[rbfu]?['"`]([^'"`]+)['"`]/g)) {
      const cls = pathClass(m[1]!);
      if (cls && (BROAD.has(cls) || cls === "data")) emit(cls === "data" ? "destruction.recursive_delete_data" : "destruction.recursive_delete_system", "destruction", `code deletes the tree ${m[1]}`, { start: base + m.index!, end: base + m.index! + m[0].length });
    }
    for (const m of text.matchAll(/(?:os\.chmod|fs\.chmodSync|fs\.chmod)\s*\(\s*['"`]([^'"`]+)['"`]\s*,\s*(?:0o?|0x)?([0-7]{3,4})\b/g)) {
      const mode = m[2]!;
      const cls = pathClass(m[1]!);
      if ((Number(mode[mode.length - 1]) & 2) === 2 && cls && cls !== "temp" && cls !== "local") emit("weakening_security.world_writable_permissions", "weakening_security", `code makes ${m[1]} world-writable`, { start: base + m.index!, end: base + m.index! + m[0].length });
    }
  }
  // Scheduled jobs that fetch and run code, or call home.
  if (/(?:@reboot|@hourly|(?:^|["'\s])(?:\*|\d+|\*\/\d+)(?:\s+(?:\*|\d+|\*\/\d+)){4}\s)[^\n]{0,200}(?:curl|wget|nc|ncat|bash\s+-i|\/dev\/tcp)/.test(text) && /crontab|\/cron|echo|printf|tee/.test(text))
    emit("cybercrime.persistence_backdoor", "cybercrime", "a scheduled job that downloads or calls out", { start: base, end: base + text.length });
  // Fork bomb: f(){ f|f& };f
  if (/([\w:]+)\s*\(\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}\s*;\s*\1/.test(text) || /%0\|%0/.test(text)) emit("destruction.fork_bomb", "destruction", "fork bomb exhausts the machine", { start: base, end: base + text.length });
  // Security configuration written into files.
  const cfg: Array<[RegExp, string, string]> = [
    [/\bSELINUX\s*=\s*(?:disabled|permissive)\b/i, "weakening_security.disable_selinux", "SELinux configured off"],
    [/\bPermitRootLogin\s+yes\b|\bPermitEmptyPasswords\s+yes\b/i, "weakening_security.insecure_ssh_config", "SSH allows root or empty-password logins"],
    [/\bNOPASSWD\s*:\s*ALL\b/i, "weakening_security.grant_admin_broadly", "passwordless sudo for everything"],
    [/\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['"]?0|\bhttp\.sslVerify\s+false|\bGIT_SSL_NO_VERIFY\s*=\s*(?:1|true)|PYTHONHTTPSVERIFY\s*=\s*0/i, "weakening_security.tls_verification_off", "TLS certificate verification turned off"],
    [/\bAllowOverride\s+All\b[\s\S]{0,80}\bRequire\s+all\s+granted\b|\bbind(?:-address|_ip)?\s*[=:]\s*['"]?0\.0\.0\.0\b[\s\S]{0,200}\b(?:requirepass\s*['"]{2}|protected-mode\s+no|security\.authorization\s*:\s*disabled|auth\s*=\s*false)/i, "weakening_security.open_to_internet", "service bound to every interface without authentication"],
    [/\bprotected-mode\s+no\b|\bsecurity\.authorization\s*:\s*['"]?disabled\b|\bxpack\.security\.enabled\s*[:=]\s*false\b|\bauthentication\s*[:=]\s*['"]?(?:none|disabled|off)\b/i, "weakening_security.auth_disabled", "authentication turned off in a service config"],
  ];
  for (const [re, feature, note] of cfg) {
    const m = re.exec(text);
    if (m) emit(feature, "weakening_security", note, { start: base + m.index, end: base + m.index + m[0].length });
  }
  // A secret read and written somewhere public (debug files, web roots, public buckets).
  const secretRead = reading.cmds.some((c) => c.argv.some((w) => isSecretPath(w)) || c.argv.some((w) => /^\$\{?(?:AWS_SECRET_ACCESS_KEY|[A-Z_]*(?:SECRET|PASSWORD|TOKEN|API_KEY|PRIVATE_KEY)[A-Z_]*)\}?$/.test(w)));
  if (secretRead) {
    const pub = reading.cmds.find((c) => c.redirects.some((r) => /(?:^|\/)(?:public|www|html|htdocs|static|assets|wwwroot|uploads|shared|pub|debug[\w.-]*)(?:\/|$|\.)/i.test(r.target)) || (c.lower[0] === "tee" && c.argv.slice(1).some((w) => /(?:^|\/)(?:public|www|html|htdocs|static)(?:\/|$)/i.test(w))));
    if (pub) emit("weakening_security.secret_written_public", "weakening_security", "writes a secret into a public or debug file", pub);
  }
  // Money loops: charging a whole list of customers.
  if (reading.loop) {
    const charge = reading.cmds.find((c) => c.fromList && c.lower.some((w) => /^(?:charge|charges|debit|bill|invoice|withdraw|transfer|transfers|payout|payouts|capture)$/.test(w)) && !c.lower.some((w) => /^(?:refund|refunds|credit|credits|reverse|void)$/.test(w)));
    if (charge) emit("financial_harm.bulk_charge_loop", "financial_harm", "charges or transfers money for every entry of a list", charge);
  }
  for (const c of reading.cmds) {
    const a = c.lower;
    if ((a[0] === "stripe" || a[0] === "paypal" || a[0] === "square" || a[0] === "adyen" || a[0] === "wise" || a[0] === "bank" || /billing|payments?|payout/.test(a[0] ?? "")) && a.some((w) => /^(?:transfers|payouts|transfer|payout|wire|withdraw|send)$/.test(w)) && a.some((w) => w === "--destination" || w === "--to" || w === "--recipient" || /^--(?:destination|to|recipient)=/.test(w)))
      emit("financial_harm.shell_money_transfer", "financial_harm", "sends money out by command line", c);
  }
  // Copyright: DRM removal, licence stripping, public redistribution.
  for (const c of reading.cmds) {
    const joined = c.lower.join(" ");
    if (/\b(?:de-?drm|strip[_-]?drm|drm[_-]?(?:remov|strip|crack|break)\w*|remove[_-]?drm|requiem|calibre-dedrm|noteburner|tunepat|widevine[_-]?(?:dump|decrypt)\w*|--decryption[_-]key)\b/.test(joined)) emit("copyright.drm_removal", "copyright", "removes copy protection", c);
    if ((c.lower[0] === "rm" || c.lower[0] === "git" && c.lower[1] === "rm") && c.argv.some((w) => /(?:^|\/)(?:LICEN[CS]E|COPYING|NOTICE)(?:\.\w+)?$/i.test(w))) emit("copyright.license_removal", "copyright", "deletes the licence or notice file", c);
    if (c.lower.some((w) => /^(?:public-read|public-read-write)$/.test(w) || w === "--acl=public-read") && c.argv.some((w) => /(?:movie|film|book|ebook|epub|mobi|azw|pdf|mp4|mkv|mp3|flac|album|episode|season|comic|journal|paper|course|lecture|game|rom)s?\b/i.test(w)))
      emit("copyright.public_redistribution", "copyright", "publishes media files for anyone", c);
  }
}

export const shellRule: Rule = (scope) => {
  const hits = new Hits();
  for (const segment of scope.segments) {
    const units = structureOf(segment).code.filter((u) => u.kind === "shell").slice(0, scope.kind === "context" ? CONTEXT_UNITS : undefined);
    for (const u of units) {
      const reading = readShell(u.text, u.start);
      const emit: Emit = (feature, code, note, at) => {
        const start = at && !u.approx ? at.start : u.start;
        const end = at && !u.approx ? at.end : u.end;
        hits.add(feature, code, [spanAt(segment, start, end)], note);
      };
      for (const cmd of reading.cmds) {
        readCmd(cmd, reading, emit, segment.text);
        readSend(cmd, reading, emit, segment.text);
      }
      readUnit(reading, u.text, u.start, emit, segment.text);
      urlsOf(segment, u.start, u.end, hits);
    }
  }
  return hits.list;
};

/** Raw-IP hosts in an act's code: an aggravator wherever it stands. */
export function urlsOf(segment: Segment, start: number, end: number, hits: Hits): void {
  const text = segment.text.slice(start, end);
  for (const m of text.matchAll(URL_RE)) {
    const kind = hostKind(hostOf(m[0]), m[0]);
    if (kind === "raw_ip") hits.add("agg.raw_ip_host", null, [spanAt(segment, start + m.index, start + m.index + m[0].length)], "a bare IP address as the host");
  }
  const ip = PUBLIC_IP.exec(text);
  if (ip && !/\d\.\d+\.\d+\.\d+\//.test(text.slice(ip.index, ip.index + 20))) {
    const around = text.slice(Math.max(0, ip.index - 10), ip.index);
    if (/[@/:\s'"=]$|^$/.test(around) || around === "") hits.add("agg.raw_ip_host", null, [spanAt(segment, start + ip.index, start + ip.index + ip[0].length)], "a bare IP address as the host");
  }
}
