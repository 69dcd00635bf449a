module forecourt/shared

go 1.26
