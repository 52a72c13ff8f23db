import type { Rule } from "../types";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * destruction, read from plain language: an act that destroys (delete, wipe, purge, drop,
 * truncate, overwrite, format, factory-reset, shred, terminate ...) near what it destroys, with what
 * makes it grave: production or live systems, "all/entire/every", irreplaceable records, the
 * backups and audit trails themselves, or wording that says it cannot be undone.
 */

const DESTROY = lex("destroy_act", [
  "want * * gone", "want * * * gone", "want * * * * gone", "want * * * * * gone", "want * * * * * * gone", "want * gone", "all gone",
  "smash", "crush", "drill through", "hammer", "physically destroy", "melt",
  "get * gone", "make * gone",
  "over from zero", "over from scratch", "from scratch", "blank state", "to a blank state", "clean slate", "to empty", "don't keep anything", "keep nothing", "let * go", "let * * go", "let * * * go", "let * * * * go",
  "make * disappear", "make * * disappear", "make * * * disappear", "disappear", "vanish", "make * go away", "make * * go away",
  "unlink", "rm rf", "incinerate", "do away with", "delete_bucket", "delete bucket", "delete_table", "delete table", "delete_database", "drop_table", "drop_database", "delete_repo", "delete_repository", "delete_cluster", "delete_volume", "delete_snapshot", "delete_backup", "purge_all", "wipe_all", "bulk delete", "bulk_delete", "mass delete", "deleteall", "delete_all", "remove_all", "format_disk", "wipe_disk", "destroy_instance", "terminate_instances", "terminate instances", "delete_stack", "delete_project", "delete_user", "delete_account", "delete_mailbox",
  "delete", "deleting", "wipe", "wipe out", "erase", "purge", "destroy", "drop", "truncate", "overwrite", "format", "reformat",
  "factory reset", "hard reset", "reset * to factory", "shred", "nuke", "obliterate", "expunge", "scrub", "trash", "remove", "clear out",
  "clear", "empty", "get rid of", "blow away", "zero out", "zap", "tear down", "terminate", "decommission", "deprovision",
  "dismantle", "reimage", "re image", "flush", "discard", "throw away", "rm", "rmdir", "dropdb", "destroy_all", "kill off",
  "burn", "demolish", "annihilate", "cleanse", "clean out", "eradicate", "delete_permanently", "hard delete", "hard-delete",
  "bin", "chuck", "ditch", "scrap", "junk", "torch", "axe", "bin off", "chuck out", "get shot of",
  "kill", "=corrupt", "=corrupting", "scramble", "scrambling",
]);

/** The recovery copies are kept or made first: removing the original is not removing the backups. */
const BACKUP_KEPT = lex("backup_kept", [
  "are archived", "is archived", "were archived", "after backing up", "after * backed up", "once backed up", "back up the", "back up *",
  "take a snapshot", "taking a snapshot", "after the snapshot", "after their snapshots", "keep the backups", "keeping the backups",
  "keep the snapshots", "keep the snapshot", "snapshots are kept", "backups are kept", "restore from", "restored from",
]);

/** What is destroyed: data stores, systems and their contents. */
const DATA = lex("destroy_object", [
  "=rds",
  "warehouse", "data warehouse", "data lake", "lake", "crm", "erp", "cms", "sharepoint", "google drive", "onedrive", "dropbox", "confluence", "jira", "tickets", "recordings", "footage", "videos", "invoices", "receipts", "contracts", "deeds", "grades", "codebase", "source code", "containers", "droplets", "ec2", "s3", "blob", "blobs", "rows", "originals", "papers", "paperwork", "student", "students", "employees", "patients", "members", "subscribers", "mail", "correspondence", "pipeline", "pipelines", "service", "services", "app", "apps", "application", "applications", "vpc", "network", "dns", "domain", "zone", "zones",
  "data", "dataset", "database", "databases", "db", "dbs", "record", "records", "table", "tables", "schema", "schemas", "bucket", "buckets",
  "repository", "repositories", "repo", "repos", "backup", "backups", "log", "logs", "history", "file", "files", "folder", "folders",
  "directory", "directories", "drive", "drives", "disk", "disks", "volume", "volumes", "server", "servers", "cluster", "clusters",
  "account", "accounts", "user", "users", "mailbox", "mailboxes", "email", "emails", "message", "messages", "document", "documents",
  "archive", "archives", "entries", "ledger", "photos", "customers", "orders", "transactions", "inventory", "storage", "share", "shares",
  "filesystem", "file system", "partition", "partitions", "workspace", "workspaces", "project", "projects", "environment", "instance",
  "instances", "vm", "vms", "infrastructure", "branch", "branches", "commits", "wiki", "site", "website", "index", "indices",
  "collection", "collections", "tenant", "org", "=organization", "=organisation", "content", "knowledge base", "vault", "keys", "nodes",
  "namespace", "namespaces", "stack", "resources", "terminals", "devices", "laptops", "phones", "machines", "workstations", "=nas",
  "raid", "array", "san", "contacts", "calendar", "channels", "spreadsheet", "spreadsheets", "notebooks", "snapshots", "everything",
  "pvc", "pvcs", "pods", "deployments", "persistent volumes", "persistent volume", "studies", "scans", "images", "lot",
]);

const PROD = lex("prod_qualifier", [
  "=running", "=active",
  "=production", "=prod", "=live", "=production's", "prd", "in use",
  "primary", "master", "main", "customer facing", "real", "core", "company", "corporate", "everyone's",
]);

const BROAD = lex("broad_qualifier", [
  "all", "entire", "every", "whole", "everything", "all of", "company wide", "org wide", "fleet wide", "in bulk", "en masse",
]);

/** Destroyed objects that are trivially replaceable: the reading does not hold near them. */
const TRIVIAL = lex("trivial_object", [
  "ephemeral", "preview", "review app", "cdn", "browser", "notifications", "trash", "recycle", "expired sessions", "sessions", "older than", "past retention", "per the retention", "retention period", "merged", "feature branch", "docker images", "images that failed", "failed uploads", "temp files", "logs older",
  "temp", "tmp", "temporary", "cache", "cached", "caches", "scratch", "junk", "spam", "duplicate", "duplicates", "thumbnails",
  "build", "dist", "artifacts", "node modules", "old drafts", "my drafts", "draft", "placeholder", "dummy", "sample", "mock",
  "test", "tests", "testing", "sandbox", "staging", "dev", "local", "throwaway", "fixture", "fixtures", "demo", "stale", "orphaned",
  "expired", "unused", "leftover", "anonymised", "anonymized", "deidentified", "de identified", "copy of", "loadtest",
  "load test", "qa", "practice", "training", "import tmp", "intermediate", "old test", "recycle bin", "downloads", "screenshots", "my own", "my old", "old drafts",
  "synthetic", "=generated", "fake", "unattached", "unused",
]);

/** The speaker's own things ("my laptop", "my old photos"): theirs to destroy. */
const OWN = lex("own_object", ["my", "my own", "mine", "my personal", "my old", "me"]);

/** Records whose loss is grave even without "all" or "production". */
const CRITICAL = lex("critical_records", [
  "lab notebooks", "instrument data", "raw instrument data", "lab records",
  "=medical",
  "=wills", "=originals",
  "signed contracts", "original documents", "only copies", "master copies", "master copy", "irreplaceable", "grades", "student grades", "clinical data", "trial data", "clinical trial", "medical files", "patient files", "case notes", "legal documents", "estate documents", "birth certificates", "tax filings", "audit workpapers", "bookkeeping", "general ledger", "financial statements", "customer accounts", "user accounts", "every account", "votes", "ballots", "election results", "donor records", "membership records", "prescriptions",
  "patient records", "patient", "patients", "medical records", "health records", "emr", "ehr", "customer data",
  "customer records", "customer database", "customers", "payroll", "ledger", "ledgers", "financial records", "=accounting",
  "accounts receivable", "tax records", "taxes", "invoices", "transaction history", "transactions", "gradebook", "grades",
  "student records", "employee records", "hr records", "personnel files", "case files", "evidence", "contracts", "source code",
  "research data", "raw data", "lab data", "sequencing", "raw runs", "only copy", "kids photos", "family photos", "thesis",
  "wedding photos", "order history", "unsynced", "court records", "deeds",
  "pension", "insurance records", "financials",
  "imaging studies", "scans", "x rays", "xrays", "mri", "radiology", "pacs", "mailboxes", "every mailbox",
  "imaging studies", "medical imaging", "imaging archive",
]);

const BACKUPS = lex("backup_object", [
  "backup copies", "backup copy", "backup drive", "backup drives", "backup server", "backup vault", "recovery vault", "time machine", "restore points", "object versions", "old versions", "redundant copy", "the copies", "all copies", "other copies",
  "backup", "backups", "back up", "back ups", "snapshot", "snapshots", "replica", "replicas", "mirror", "mirrors", "recovery point",
  "recovery points", "restore point", "restore points", "shadow copies", "shadow copy", "archive tier", "archive copies",
  "archive copy", "offsite copy", "offsite copies", "dr copy", "disaster recovery", "version history", "previous versions",
  "automated backups", "final snapshot", "point in time recovery", "pitr", "vss", "glacier", "cold storage", "tape",
]);

const AUDIT_TRAIL = lex("audit_trail_object", [
  "ticket history", "support tickets", "case history", "support history", "hr archive", "personnel archive", "complaint history",
  "correspondence", "communications with", "messages with", "emails with", "minutes of", "meeting minutes", "audit records", "inspection records", "maintenance records", "maintenance logs", "safety logs", "incident reports", "incident records", "complaint records", "complaints log", "bodycam", "dashcam", "security camera footage", "camera recordings", "recording of", "recordings of", "logs from", "access records", "visitor log", "sign in sheet",
  "audit log", "audit logs", "audit trail", "audit trails", "audit events", "access logs", "access log", "security logs",
  "event logs", "event log", "cloudtrail", "transaction logs", "transaction log", "message history", "chat history",
  "email history", "edit history", "commit history", "git history", "call recordings", "cctv footage", "footage", "evidence",
  "legal hold", "litigation hold", "compliance archive", "journal", "journals", "syslog", "login history",
  "records of", "paper trail", "cctv recordings", "surveillance footage", "security footage", "camera footage",
  "body cam footage", "bodycam footage", "dashcam footage", "chat logs", "emails about",
  "call recordings", "video recordings", "audio recordings", "meeting recordings",
]);

const IRREVERSIBLE = lex("irreversible", [
  "nobody can ever get", "no one can ever get", "nobody can get * back", "no one can get * back", "can never get * back", "never get * back", "never be recovered", "can't be restored", "cannot be restored", "no way back", "nobody can ever recover", "no one can ever recover", "so nobody can ever", "so no one can ever",
  "permanently delete", "permanently deleted", "permanently erase", "permanently remove", "permanently wipe", "permanently destroy",
  "delete permanently", "delete_permanently", "deleted permanently", "erase permanently", "remove permanently", "destroy permanently",
  "cannot be undone", "can't be undone", "can not be undone", "no way to recover", "no way to restore", "unrecoverable",
  "irrecoverable", "irreversibly", "beyond recovery", "skip trash", "skiptrash", "skip the trash", "bypass the trash",
  "bypass the recycle bin", "skip the recycle bin", "skip_trash", "hard delete", "hard deleted", "harddelete", "purgetype harddelete",
  "secure erase", "securely erase", "crypto shred", "crypto shredding", "so it can't be recovered",
  "so it cannot be recovered", "so nobody can recover", "so no one can recover", "without any way back",
  "gone for good", "wipe it clean", "beyond repair", "overwrite with zeros", "overwrite with random",
]);

const DEVICE = lex("device_object", [
  "terminal", "terminals", "device", "devices", "laptop", "laptops", "phone", "phones", "tablet", "tablets", "workstation",
  "workstations", "pc", "pcs", "computer", "computers", "server", "servers", "disk", "disks", "drive", "drives", "hard drive",
  "hard drives", "ssd", "ssds", "=nas", "raid", "array", "san", "controller", "controllers", "fleet", "kiosk", "kiosks", "router",
  "routers", "switches", "appliance", "appliances", "point of sale", "=pos", "machines", "endpoints", "hosts", "nodes",
]);

const WIPE_DEVICE = lex("wipe_device_act", [
  "wipe", "format", "reformat", "factory reset", "reset * to factory", "reimage", "re image", "erase", "brick", "clear disk",
  "clear-disk", "clean install", "hard reset", "zero", "secure erase", "remotely wipe", "remote wipe",
]);

/** Devices with nothing on them yet, or made to be wiped. */
const FRESH_DEVICE = lex("fresh_device", [
  "new", "blank", "spare", "empty", "usb", "usb stick", "thumb drive", "flash drive", "sd card", "memory card", "external",
  "replacement", "loaner", "test", "lab", "sandbox", "staging",
]);

const KEYS = lex("key_object", [
  "root ca", "ca key", "ca private key", "private key", "private keys", "master key", "master keys", "encryption key",
  "encryption keys", "kms key", "kms keys", "cmk", "signing key", "signing keys", "root certificate", "seed phrase",
  "recovery key", "recovery keys", "recovery phrase", "hsm", "key material", "decryption key", "decryption keys", "keyring",
]);

/** A whole store, deleted as one: the container and everything in it. */
const CONTAINER = lex("container_object", [
  "repository", "repositories", "repo", "database", "databases", "bucket", "buckets", "cluster", "clusters", "=organisation",
  "=organization", "org", "workspace", "workspaces", "tenant", "mailbox", "mailboxes", "shared drive", "project",
  "projects", "website", "volume", "volumes", "namespace", "subscription",
  "resource group", "stack", "keyspace", "collection", "vault", "wiki", ]);
const PERMANENTLY = lex("permanently", [
  "permanently", "for good", "forever", "irreversibly", "irrevocably", "without recovery", "no undo", "beyond recovery",
  "skip trash", "skiptrash", "skip_trash", "hard delete", "no way back", "can't be recovered", "cannot be recovered", "unrecoverably",
  "force", "--force",
]);

const FORCE_PUSH = lex("history_rewrite", [
  "force push", "force pushed", "force pushing", "push force", "push --force", "rewrite history", "rewrite the history",
  "rewriting history", "rewrite git history", "delete all * branches", "delete all branches", "delete every branch",
  "delete the other branches", "delete all the other branches", "reset * hard * origin", "squash all history",
  "orphan branch over main", "empty commit over main",
]);
const SHARED_BRANCH = lex("shared_branch", ["main", "master", "trunk", "release", "develop", "monorepo", "history", "everyone", "team", "production", "prod", "upstream", "origin"]);

const OVERRIDE_RETENTION = lex("override_retention", [
  "cancel the retention", "remove the retention", "delete the retention policy", "disable the retention", "shorten the retention", "turn off the retention", "end the retention", "drop the retention", "override the retention", "cancel the legal hold", "cancel the hold",
  "legal hold or not", "despite the legal hold", "ignore the legal hold", "ignore the hold", "ignoring the legal hold",
  "override the legal hold", "override retention", "bypass retention", "bypass the retention", "ignore the retention",
  "ignoring retention", "before the retention", "despite the litigation hold", "regardless of the hold",
  "regardless of the legal hold", "under legal hold", "under litigation hold", "disable retention", "turn off retention",
  "remove the legal hold", "lift the legal hold", "release the legal hold",
  "retention rules don't apply", "retention doesn't apply", "retention policy doesn't apply", "ignore the retention policy",
  "regardless of retention", "whatever the retention", "retention or not",
]);

/** Destroying so that someone who should see it cannot: the inspectors, the court, the auditors. */
const COVER_UP = lex("cover_up_motive", [
  "so the * never", "so * never sees", "never sees them", "never see it", "never see them", "so the fda", "so the sec", "so the irs", "so the regulators never",
  "before the audit", "before the auditors", "before the inspection", "before the inspectors", "before the investigation",
  "before the investigators", "before the regulator", "before the regulators", "before legal", "before the lawyers",
  "before the police", "before the court", "before discovery", "before the hearing", "before the subpoena", "before anyone sees",
  "before anyone finds", "before they find", "before it's found", "so the inspectors", "so the auditors", "so the investigators",
  "so the regulator", "so the police", "so nobody finds", "so no one finds", "so nobody can see", "so no one can see",
  "so they can't see", "so they cannot see", "so they can't find", "so it can't be found", "so there's no record",
  "so there is no record", "no trace", "without a trace", "leave no trace", "cover our tracks", "cover my tracks",
  "cover the tracks", "hide the evidence", "get rid of the evidence", "can't be used against", "can't prove",
  "subpoenaed", "under subpoena", "under investigation", "investigation starts", "audit starts", "legal sees",
]);

/** Said anywhere in the sentence: the rows are test rows, the environment is not production. */
const TRIVIAL_SENTENCE = lex("trivial_sentence", [
  "after migrating", "after migration", "after the migration", "once migrated", "migrated to", "verified in the new", "after verifying", "once verified", "after backing up", "after a backup", "once backed up",
  "day retention policy", "year retention policy", "month retention policy", "day retention", "retention policy allows",
  "tmp directory", "tmp folder", "temp directory", "temp folder", "cache directory", "cache folder", "old log files", "log files older", "temporary index", "the index", "an index", "indexes", "temporary table", "temp table", "feature flags", "deprecated", "i took", "by mistake", "i just took", "i uploaded", "i just uploaded", "accidentally", "in the last minute", "at her request", "at his request", "at their request", "as she requested", "as he requested", "as they requested", "on request", "at the customer's request", "requested deletion", "right to erasure", "gdpr request", "deletion request", "per the retention policy", "per our retention policy", "per the * retention policy", "per the * * retention policy", "as the retention policy says", "in line with the retention policy", "according to the retention policy", "per retention policy", "per policy", "retention schedule",
  "in staging", "on staging", "from staging", "in the staging", "in the sandbox", "in my sandbox", "in dev", "in the dev",
  "in test", "in the test environment", "test rows", "test data", "test records", "test entries", "rows i added",
  "rows i inserted", "records i created", "i added", "i inserted", "i created", "dummy rows", "sample rows",
]);

/** The speaker's own copy, or one made redundant: "from my personal drive", "once the notes are written". */
const OWN_PLACE = lex("own_place", [
  "from my personal", "from my own", "on my personal", "on my own", "in my personal", "my personal drive", "my own drive",
  "my own copy", "once the notes are written", "after transcribing", "once transcribed", "once it's transcribed", "my copy",
]);

export const destructionRules: readonly Rule[] = [
  pairRule({
    feature: "destruction.destroy_to_conceal", code: "destruction", note: "destroys records to keep them from investigators",
    act: DESTROY, object: COVER_UP, window: 20,
  }),
  pairRule({
    feature: "destruction.delete_production", code: "destruction", note: "destroys production or live data",
    act: DESTROY, object: DATA, need: PROD, window: 8, needWindow: 6, block: TRIVIAL, blockWindow: 3, blocks: [{ lex: OWN, window: 1 }, { lex: TRIVIAL_SENTENCE }],
  }),
  pairRule({
    feature: "destruction.delete_everything", code: "destruction", note: "destroys all or an entire store of data",
    act: DESTROY, object: DATA, need: BROAD, window: 8, needWindow: 5, block: TRIVIAL, blockWindow: 3, blocks: [{ lex: OWN, window: 1 }, { lex: TRIVIAL_SENTENCE }],
  }),
  pairRule({
    feature: "destruction.delete_critical_records", code: "destruction", note: "destroys irreplaceable records",
    act: DESTROY, object: CRITICAL, window: 8, block: TRIVIAL, blockWindow: 3, blocks: [{ lex: OWN, window: 1 }, { lex: TRIVIAL_SENTENCE }, { lex: BACKUP_KEPT }],
  }),
  pairRule({
    feature: "destruction.delete_backups", code: "destruction", note: "destroys the backups or recovery copies",
    act: DESTROY, object: BACKUPS, window: 8, blocks: [{ lex: BACKUP_KEPT }],
  }),
  pairRule({
    feature: "destruction.delete_audit_trail", code: "destruction", note: "destroys audit trails, history or evidence",
    act: DESTROY, object: AUDIT_TRAIL, window: 8, blocks: [{ lex: OWN_PLACE }, { lex: TRIVIAL_SENTENCE }],
  }),
  phraseRule({ feature: "destruction.irreversible", code: "destruction", note: "irreversible deletion", phrases: IRREVERSIBLE }),
  pairRule({
    feature: "destruction.irreversible", code: "destruction", note: "irreversible deletion",
    act: DESTROY, object: PERMANENTLY, window: 12, block: TRIVIAL, blockWindow: 3, blocks: [{ lex: OWN, window: 1 }],
  }),
  pairRule({
    feature: "destruction.delete_whole_store", code: "destruction", note: "deletes a whole store with all it holds",
    act: DESTROY, object: CONTAINER, window: 5, block: TRIVIAL, blockWindow: 3, blocks: [{ lex: OWN, window: 1 }],
  }),
  pairRule({
    feature: "destruction.wipe_devices", code: "destruction", note: "wipes or factory-resets devices or disks",
    act: WIPE_DEVICE, object: DEVICE, window: 8, blocks: [{ lex: OWN, window: 1 }, { lex: FRESH_DEVICE, window: 2 }],
  }),
  pairRule({
    feature: "destruction.destroy_keys", code: "destruction", note: "destroys keys that cannot be replaced",
    act: DESTROY, object: KEYS, window: 6,
  }),
  pairRule({
    feature: "destruction.history_rewrite", code: "destruction", note: "rewrites or deletes shared history",
    act: FORCE_PUSH, object: SHARED_BRANCH, window: 6,
  }),
  phraseRule({ feature: "destruction.override_retention", code: "destruction", note: "overrides a legal hold or retention", phrases: OVERRIDE_RETENTION }),
];
