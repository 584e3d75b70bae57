/** Credits one edit or remix costs (spec §9); on its own so browser code can read it cheaply. */
export const editCreditCost = 2;
