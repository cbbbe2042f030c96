/** eth-url-parser ships no types: the part the tests use. */
declare module 'eth-url-parser' {
  export function parse(uri: string): {
    scheme: string;
    target_address: string;
    prefix?: string;
    chain_id?: string;
    function_name?: string;
    parameters?: Record<string, string>;
  };
}
