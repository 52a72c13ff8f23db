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
  [
    // a charge raised from its own value on rows chosen as vulnerable or unlikely to notice
    "financial_harm.sql_charge_raised_on_vulnerable",
    [
      "UPDATE policies SET premium = premium * 1.4 WHERE holder_age >= 80;",
      "UPDATE cards SET annual_fee = annual_fee + 60 WHERE last_login < now() - interval '1 year';",
      "UPDATE loans SET apr = apr + 6 WHERE in_arrears = true;",
    ],
    [
      "UPDATE policies SET premium = premium * 0.8 WHERE holder_age >= 80;",
      "UPDATE cards SET annual_fee = 0 WHERE last_login < now() - interval '1 year';",
      "UPDATE loans SET apr = apr + 1 WHERE product = 'tracker' AND base_rate_change_notified = true;",
    ],
  ],
  [
    // a recorded outcome set by hand
    "fraud_deception.sql_outcome_rewritten",
    [
      "UPDATE fire_inspections SET result = 'passed' WHERE site_id = 88;",
      "UPDATE sellers SET is_verified = true WHERE created_at > now() - interval '1 day';",
      "UPDATE used_cars SET mileage_km = mileage_km - 40000 WHERE stock_no = 'A12';",
      "UPDATE app_reviews SET stars = 5 WHERE stars < 3;",
    ],
    [
      "UPDATE fire_inspections SET result = 'failed' WHERE site_id = 88;",
      "UPDATE used_cars SET price = 7995 WHERE stock_no = 'A12';",
      "SELECT count(*) FROM app_reviews WHERE stars = 5;",
    ],
  ],
  [
    // an account credited by hand
    "financial_harm.sql_manual_credit",
    [
      "UPDATE player_wallets SET balance_cents = balance_cents + 500000 WHERE player_id = 7;",
      "UPDATE members SET loyalty_points = loyalty_points + 90000 WHERE id = 3;",
    ],
    ["UPDATE player_wallets SET balance_cents = balance_cents - 500 WHERE player_id = 7;", "SELECT balance_cents FROM player_wallets WHERE player_id = 7;"],
  ],
  [
    // safeguards switched off by row
    "weakening_security.sql_safeguard_disabled",
    [
      "UPDATE moderation_rules SET enabled = false WHERE rule_name = 'spam_links';",
      "UPDATE settings SET active = false WHERE name IN ('kyc_check', 'sanctions_screening');",
    ],
    ["UPDATE moderation_rules SET enabled = true WHERE rule_name = 'spam_links';", "UPDATE banners SET active = false WHERE name = 'summer_sale';"],
  ],
];

describe("SQL acts", () => {
  for (const [feature, harmful, benign] of CASES)
    describe(feature, () => {
      it.each(harmful)("fires on %s", (s) => expect(features(s)).toContain(feature));
      it.each(benign)("does not fire on %s", (s) => expect(features(s)).not.toContain(feature));
    });
});
