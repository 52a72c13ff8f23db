/**
 * Fresh probe accounts for the deliberation level and the temperance domain, written for the reader
 * and not taken from any corpus.
 */
export const DELIBERATION_PROBES: Readonly<Record<"considered" | "principled", readonly string[]>> = {
  considered: [
    "I thought it over for a couple of days before I told my sister.",
    "I weighed up whether to take the job or stay near my parents.",
    "After talking it through with my wife, I sold the car.",
    "I made a list of what could go wrong and then decided to lend him the money.",
    "I slept on it and in the morning I called my landlord.",
    "I looked at both options carefully and picked the cheaper flat.",
    "I took a moment to think about how my friend would feel before answering.",
    "I asked my mentor for advice before I accepted the offer.",
    "I considered what would happen to the kids if I moved away.",
    "I spent the evening going through the pros and cons of quitting.",
    "Before replying, I reread his email twice and thought about what he really meant.",
    "I ran through the numbers with my accountant before signing.",
  ],
  principled: [
    "I gave the money back because it wasn't mine to keep.",
    "I told the truth because honesty matters more to me than the sale.",
    "I paid the full fare on principle, even though no one was checking.",
    "I refused to sign the report because it would have been dishonest.",
    "I kept my promise because I had given him my word.",
    "I reported the leak because people's safety comes first.",
    "I turned down the gift because accepting it would have been wrong.",
    "I treated the new hire the way I would want to be treated.",
    "I returned the wallet because it was the right thing to do.",
    "I stayed with my mother at the hospital because it was my duty as her son.",
    "I declined the bribe because it goes against my values.",
    "I split the tips equally because everyone deserves a fair share.",
  ],
};

/** Accounts that engage temperance: appetite, anger or pleasure mastered or not. And neighbours that do not. */
export const TEMPERANCE_PROBES: { readonly engaged: readonly string[]; readonly quiet: readonly string[] } = {
  engaged: [
    "I wanted a third glass of wine but I stopped at two.",
    "I felt like screaming at my son, but I took a deep breath and spoke quietly.",
    "I ate a whole tub of ice cream in one sitting.",
    "I skipped the cake at the office party because I'm cutting back on sugar.",
    "I spent my entire paycheck on clothes in one afternoon.",
    "I stayed up until four playing video games on a work night.",
    "I was furious with my coworker but I held my tongue.",
    "I put my phone in a drawer so I wouldn't scroll all evening.",
    "I drank until I blacked out at my cousin's wedding.",
    "I walked away from the slot machines after losing twenty pounds.",
    "I ordered dessert, then another dessert, then a milkshake.",
    "I kept my temper when the driver cut me off.",
  ],
  quiet: [
    "I walked to the station and caught the train.",
    "I helped my neighbour carry his boxes.",
    "I returned the library books.",
    "I called my grandmother on Sunday.",
  ],
};
