import type { ReactNode } from 'react';

export interface DataTableProps {
  /** The caption's id: the scrolling region is named by it. */
  readonly id: string;
  readonly caption: ReactNode;
  /** Read by screen readers only (the section's heading already says what the table is). */
  readonly captionHidden?: boolean;
  readonly className?: string;
  /** The column headings, in order. */
  readonly columns: readonly string[];
  /** The body's rows. */
  readonly children: ReactNode;
}

/**
 * A table of the recruiter pages: captioned, its column headings scoped, inside a region that scrolls
 * sideways on a narrow screen and can be scrolled from the keyboard (focusable, named by the caption).
 */
export function DataTable({ id, caption, captionHidden = false, className, columns, children }: DataTableProps) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className={className ? `table ${className}` : 'table'}>
        <caption id={id} className={captionHidden ? 'visually-hidden' : 'table__caption'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
