" Runs ALE for real on one file, headless, and writes the file's location
" list to $ALE_OUT, one "line:type: text" per entry. Sourced after the
" vimrc under test (vim -N -u NONE -i NONE -Es -S vimrc -S this),
" with $ALE_FILE the file to open.
set packpath+=/usr/share/vim/vimfiles
packadd ale
filetype plugin on
execute 'edit ' . fnameescape($ALE_FILE)
ALELint
" ALE lints in a job; wait for it (60 s at most), then for the location
" list, which ALE fills after the job.
let s:n = 0
while s:n < 600 && (s:n < 5 || ale#engine#IsCheckingBuffer(bufnr('')))
  sleep 100m
  let s:n += 1
endwhile
sleep 500m
call writefile(map(getloclist(0),
      \ {_, v -> v.lnum . ':' . v.type . ': ' . v.text}), $ALE_OUT)
qa!
