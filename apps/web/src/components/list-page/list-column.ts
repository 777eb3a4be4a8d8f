import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** A column of a list page: antd's column with a key and a title (the table and the phone cards both read it). */
export type ListColumn<Row> = ColumnType<Row> & { key: string; title: ReactNode };
