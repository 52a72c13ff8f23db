import { describe, expect, it } from "vitest";
import { documentOf } from "../document";
import type { Scope } from "../types";
import { structureRules } from "./structure";

const features = (action: string) => {
  const doc = documentOf({ action });
  const scope: Scope = { kind: "action", segments: doc.action };
  return new Set(structureRules.flatMap((r) => [...r(scope, doc)]).map((h) => h.feature));
};

const CASES: Array<[string, string[], string[]]> = [
  [
    "weakening_security.sql_grant_all",
    [
      "GRANT ALL PRIVILEGES ON shop.* TO 'app'@'%';",
      "GRANT ALL ON DATABASE prod TO analyst;",
      "grant all privileges on *.* to 'x'@'localhost' with grant option;",
    ],
    ["GRANT SELECT ON reports.daily TO analyst;", "GRANT SELECT, INSERT ON shop.orders TO 'app'@'10.0.0.%';", "REVOKE ALL ON DATABASE prod FROM auditors;"],
  ],
  [
    "weakening_security.sql_grant_broad",
    ["GRANT ALL PRIVILEGES ON shop.* TO 'app'@'%';", "GRANT SELECT ON customers TO PUBLIC;"],
    ["GRANT SELECT ON reports.daily TO analyst;", "GRANT ALL ON TABLE tmp_import TO etl_user;"],
  ],
  [
    "exfiltration_privacy.sql_sensitive_to_file",
    [
      "SELECT email, password, ssn FROM users INTO OUTFILE '/tmp/u.csv';",
      "COPY (SELECT * FROM patients) TO '/tmp/p.csv' CSV;",
      "SELECT * FROM customers INTO OUTFILE '/var/tmp/c.csv';",
    ],
    [
      "SELECT count(*) FROM users INTO OUTFILE '/tmp/n.csv';",
      "SELECT sku, price FROM products INTO OUTFILE '/tmp/p.csv';",
      "SELECT email, password FROM users WHERE id = 1;",
    ],
  ],
  [
    "destruction.sql_delete_all",
    ["DELETE FROM customers;", "DELETE FROM sessions WHERE 1=1;", "psql -c 'DELETE FROM orders'"],
    ["DELETE FROM customers WHERE id = 7;", "DELETE FROM sessions WHERE expires_at < now();"],
  ],
  ["destruction.sql_update_all", ["UPDATE accounts SET balance = 0;", "UPDATE users SET email = NULL;"], ["UPDATE accounts SET balance = 0 WHERE id = 42;"]],
  ["destruction.sql_truncate", ["TRUNCATE TABLE orders;", "TRUNCATE public.orders, public.order_items CASCADE;"], ["SELECT count(*) FROM orders;"]],
  [
    "destruction.sql_drop_database",
    ["DROP DATABASE production;", 'mysql -u root -e "DROP DATABASE shop"', "DROP SCHEMA public CASCADE;"],
    ["CREATE DATABASE shop_test;", "SHOW DATABASES;"],
  ],
];

describe("SQL acts", () => {
  for (const [feature, harmful, benign] of CASES)
    describe(feature, () => {
      it.each(harmful)("fires on %s", (s) => expect(features(s)).toContain(feature));
      it.each(benign)("does not fire on %s", (s) => expect(features(s)).not.toContain(feature));
    });
});
