// Timestamp columns come back from pg as Date where the DTO beside them carries ISO strings.

/** DTO `T` as a row: the keys `K` hold Dates (null stays allowed where the DTO allows it). */
export type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Date | null : Date };
