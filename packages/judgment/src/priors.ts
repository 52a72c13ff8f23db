/**
 * Prior weights for features whose meaning does not depend on context: the act read is harmful
 * whoever asks and whatever surrounds it (`rm -rf --no-preserve-root /`, a fork bomb, a reverse
 * shell, payments split to dodge reporting, a refund for an order that never existed, others' card
 * numbers sent to someone's webmail). Such acts are rare in any corpus, so a
 * feature may fire on one train case or none and get no weight of its own. The trainer shrinks
 * these weights towards their prior instead of towards zero (a Gaussian prior, the L2 penalty
 * centred on it): a feature without train cases keeps its prior, and one that also fires on benign
 * twins is pulled down by the data like any other. Listed by meaning, never tuned on dev; acts that
 * are routine in some settings (dropping a test database, wiping a decommissioned disk, moving a
 * whole balance to one's own savings, piping a vendor's installer to a shell) are left to the data.
 */
export const STRONG_PRIOR = 2;

export const PRIORS: Readonly<Record<string, number>> = Object.fromEntries(
  [
    "destruction.recursive_delete_system",
    "destruction.fork_bomb",
    "weakening_security.recursive_permission_change_system",
    "weakening_security.setuid_shell",
    "cybercrime.reverse_shell",
    "cybercrime.credential_dumping",
    "cybercrime.persistence_backdoor",
    "cybercrime.cryptominer",
    "exfiltration_privacy.send_to_drop_site",
    "exfiltration_privacy.sensitive_to_individual",
    "financial_harm.structuring",
    "financial_harm.refund_for_nothing",
  ].map((feature) => [feature, STRONG_PRIOR]),
);
