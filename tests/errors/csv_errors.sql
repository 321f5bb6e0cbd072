-- The gpuadv_csv module's errors (ext/gpuadv_csv.c), each statement followed
-- by the exact message. A line may start with setup statements that succeed
-- and print nothing; its last statement is the one that fails. Table names
-- differ from line to line because the test host runs the whole file on
-- one connection.
CREATE VIRTUAL TABLE temp.e1 USING gpuadv_csv(filename='tests/csv/bad_unterminated.csv');
-- error: gpuadv_csv: tests/csv/bad_unterminated.csv:4: unterminated quoted field (opened on line 3)
CREATE VIRTUAL TABLE temp.e2 USING gpuadv_csv(filename='tests/csv/bad_ragged.csv');
-- error: gpuadv_csv: tests/csv/bad_ragged.csv:3: row has 3 fields, header has 2
CREATE VIRTUAL TABLE temp.e3 USING gpuadv_csv(filename='tests/csv/bad_stray_quote.csv');
-- error: gpuadv_csv: tests/csv/bad_stray_quote.csv:3: stray quote in unquoted field 2 (quote the whole field and double the quote)
CREATE VIRTUAL TABLE temp.e4 USING gpuadv_csv(filename='tests/csv/bad_after_quote.csv');
-- error: gpuadv_csv: tests/csv/bad_after_quote.csv:2: text after the closing quote of field 1
CREATE VIRTUAL TABLE temp.e5 USING gpuadv_csv(filename='tests/csv/empty.csv');
-- error: gpuadv_csv: tests/csv/empty.csv: the input is empty (no header row)
CREATE VIRTUAL TABLE temp.e6 USING gpuadv_csv(filename='tests/csv/empty.csv', header=no);
-- error: gpuadv_csv: tests/csv/empty.csv: the input is empty (no rows)
CREATE VIRTUAL TABLE temp.e7 USING gpuadv_csv(filename='tests/csv/no_such_file.csv');
-- error: gpuadv_csv: cannot open 'tests/csv/no_such_file.csv': No such file or directory
CREATE VIRTUAL TABLE temp.e8 USING gpuadv_csv(filename='tests/csv');
-- error: gpuadv_csv: 'tests/csv' is a directory, not a regular file
CREATE VIRTUAL TABLE temp.e9 USING gpuadv_csv(filename='tests/csv/quotes.csv', data='a,b');
-- error: gpuadv_csv: give filename= or data=, not both
CREATE VIRTUAL TABLE temp.e10 USING gpuadv_csv(header=no);
-- error: gpuadv_csv: no input: give filename='FILE.csv' or data='CSV text'
CREATE VIRTUAL TABLE temp.e11 USING gpuadv_csv;
-- error: gpuadv_csv: no input: give filename='FILE.csv' or data='CSV text'
CREATE VIRTUAL TABLE temp.e12 USING gpuadv_csv(data='a', schema='CREATE TABLE x(a)');
-- error: gpuadv_csv: unknown parameter 'schema' (expected filename=, data= or header=)
CREATE VIRTUAL TABLE temp.e13 USING gpuadv_csv(data='a', data='b');
-- error: gpuadv_csv: more than one 'data' parameter
CREATE VIRTUAL TABLE temp.e14 USING gpuadv_csv(filename='tests/csv/quotes.csv', FileName='tests/csv/bom.csv');
-- error: gpuadv_csv: more than one 'filename' parameter
CREATE VIRTUAL TABLE temp.e15 USING gpuadv_csv(data='a', header);
-- error: gpuadv_csv: parameter 'header' needs a value: header=...
CREATE VIRTUAL TABLE temp.e16 USING gpuadv_csv(data='a', header=maybe);
-- error: gpuadv_csv: header= must be yes or no, got 'maybe'
CREATE VIRTUAL TABLE temp.e17 USING gpuadv_csv(data='a' 'b');
-- error: gpuadv_csv: data= must be one quoted string, got 'a' 'b'
CREATE VIRTUAL TABLE temp.e18 USING gpuadv_csv(data='a,"b');
-- error: gpuadv_csv: data:1: unterminated quoted field (opened on line 1)
CREATE VIRTUAL TABLE temp.e19 USING gpuadv_csv(data='a,b"c');
-- error: gpuadv_csv: data:1: stray quote in unquoted field 2 (quote the whole field and double the quote)
CREATE VIRTUAL TABLE temp.e20 USING gpuadv_csv(data='');
-- error: gpuadv_csv: data: the input is empty (no header row)
SELECT * FROM gpuadv_csv;
-- error: no such table: gpuadv_csv
CREATE VIRTUAL TABLE temp.r1 USING gpuadv_csv(data='a'); INSERT INTO temp.r1 VALUES (1);
-- error: table r1 may not be modified
CREATE VIRTUAL TABLE temp.r2 USING gpuadv_csv(data='a'); UPDATE temp.r2 SET a = 1;
-- error: table r2 may not be modified
CREATE VIRTUAL TABLE temp.r3 USING gpuadv_csv(data='a'); DELETE FROM temp.r3;
-- error: table r3 may not be modified
CREATE VIRTUAL TABLE main.d1 USING gpuadv_csv(data='a'); CREATE VIEW main.v1 AS SELECT * FROM d1; SELECT * FROM v1;
-- error: unsafe use of virtual table "d1"
PRAGMA trusted_schema = OFF; CREATE VIRTUAL TABLE main.d2 USING gpuadv_csv(data='a'); CREATE VIEW main.v2 AS SELECT * FROM d2; SELECT * FROM v2;
-- error: unsafe use of virtual table "d2"
PRAGMA trusted_schema = ON; CREATE VIRTUAL TABLE main.d3 USING gpuadv_csv(data='a'); CREATE TABLE log3(x); CREATE TRIGGER tr3 AFTER INSERT ON log3 BEGIN SELECT * FROM d3; END; INSERT INTO log3 VALUES (1);
-- error: unsafe use of virtual table "d3"
