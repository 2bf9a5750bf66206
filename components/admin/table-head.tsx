/** The header row of a back-office table. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="border-b border-gray-200 text-gray-700">
      <tr>
        {columns.map((h) => (
          <th key={h} scope="col" className="px-2 py-2 font-semibold">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}
