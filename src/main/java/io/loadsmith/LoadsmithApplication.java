package io.loadsmith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class LoadsmithApplication {

    public static void main(String[] args) {
        SpringApplication.run(LoadsmithApplication.class, args);
    }
}
