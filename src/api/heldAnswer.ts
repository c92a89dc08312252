/**
 * "Did the page come with this answer?", decided once, from RTK Query's own entry as the endpoint's
 * `select(arg)(state)` answers it: the store holds an answer when the entry has data. That is the
 * answer the page came with (src/firstView/firstAnswers.ts put it in the cache before the first
 * render), or one a screen still open holds (`callQueryAndKeep` lets an entry go when its screen
 * closes). The screens show such an answer at once (`selectGoGreenLoad`) and the flows send
 * nothing for it (`callQueryAndKeep`, src/api/sagaCall.ts).
 */
export const holdsAnswer = (entry: { data?: unknown }): boolean => entry.data !== undefined;
