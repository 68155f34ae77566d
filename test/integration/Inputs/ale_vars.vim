" Writes the ALE variables that ale_linters/{c,cpp}/clangtidy.vim read, with
" ALE's defaults for those not set, as JSON to $ALE_VARS_OUT (editor_run.py
" ale reads it). Sourced after the settings of docs/integration.md.
call writefile([json_encode({
      \ 'linters': get(g:, 'ale_linters', {}),
      \ 'c_executable': get(g:, 'ale_c_clangtidy_executable', 'clang-tidy'),
      \ 'cpp_executable': get(g:, 'ale_cpp_clangtidy_executable', 'clang-tidy'),
      \ 'c_checks': get(g:, 'ale_c_clangtidy_checks', []),
      \ 'cpp_checks': get(g:, 'ale_cpp_clangtidy_checks', []),
      \ 'build_dir_names': get(g:, 'ale_c_build_dir_names', ['build', 'bin']),
      \ })], $ALE_VARS_OUT)
