/** A source of uniform numbers in [0, 1). Passed in so results are reproducible. */
export type Random = () => number;

/** A clock, passed in so core never reads the time itself. */
export type Clock = () => Date;
